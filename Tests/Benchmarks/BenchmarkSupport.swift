import Foundation
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

// Shared by the benchmarks: what one reports, and tables (timing in Timing.swift, other programs
// in ExternalCommand.swift, memory figures in TestSupport's ResidentMemory).
// Each benchmark lives in its own file and is listed in `BenchmarkRegistry` (main.swift).

// MARK: - Benchmark outcome

/// What one benchmark reports back to the harness.
struct BenchmarkOutcome: Sendable {
    /// One line, e.g. "decode: 212.4 ms vs python 120.3 ms (1.77x), goal ≤ 1.5x: MISS".
    var summary: String
    /// Whether the benchmark's goal was met; nil when it has no goal.
    var goalMet: Bool?
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Formatting

enum Format {
    static func milliseconds(_ duration: Duration, decimals: Int = 1) -> String {
        String(format: "%.\(decimals)f", duration.milliseconds)
    }

    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20 { return String(format: "%.2f MiB", Double(count) / Double(1 << 20)) }
        if count >= 1 << 10 { return String(format: "%.1f KiB", Double(count) / Double(1 << 10)) }
        return "\(count) B"
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }

    /// A plain text table: the first column left-aligned, the rest right-aligned.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.count) }
        }
        func line(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Writes a line to standard output at once (benchmarks print progress while they run).
func report(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Where a benchmark writes the input it generates: `--document PATH` when given (kept for
/// profiling), else `name` in a temporary folder that `discard()` removes.
struct BenchmarkInput {
    let url: URL
    private let folder: TemporaryFolder?

    init(_ options: BenchmarkOptions, temporaryName name: String) throws {
        if let path = options.documentPath {
            url = URL(fileURLWithPath: path)
            folder = nil
        } else {
            let folder = try TemporaryFolder("bench")
            url = folder.file(name)
            self.folder = folder
        }
    }

    /// Removes the temporary copy (a path the user gave is left alone).
    func discard() { folder?.remove() }
}

/// The 1-, 5- and 15-minute load averages and the number of processors ("0.42 0.88 1.20 on 2
/// processors"), or "unknown" where /proc is not there.
func machineLoad() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }  // not Linux: said so
    let averages = text.split(separator: " ").prefix(3).joined(separator: " ")
    return "\(averages) on \(ProcessInfo.processInfo.activeProcessorCount) processors"
}
