import Foundation

/// Peak resident memory of this process, from Linux's /proc (nil elsewhere), for tests that
/// check a bound on memory growth. (headlines-bench has a fuller copy for its reports.)
public enum ResidentMemory {
    /// Runs `body` and returns its result with how far the peak RSS rose above the RSS before
    /// it; nil growth when the peak could not be reset or read.
    public static func peakGrowth<T>(during body: () throws -> T) rethrows -> (result: T, growth: Int?) {
        let before = field("VmRSS:")
        let reset = resetPeak()
        let result = try body()
        guard reset, let before, let peak = field("VmHWM:") else { return (result, nil) }
        return (result, max(0, peak - before))
    }

    /// Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later).
    private static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }  // the write below already told whether it worked
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    private static func field(_ name: String) -> Int? {
        // No /proc (not Linux): no figure, which callers treat as "cannot measure here".
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let fields = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            return fields.first.flatMap { Int($0) }.map { $0 * 1_024 }  // "VmRSS:   1234 kB"
        }
        return nil
    }
}
