import Foundation
import TestSupport

/// Other programs run to completion for a reference figure (python3, sqlite3, djpeg, curl),
/// started through TestSupport's `ProcessRunner` (its comments say why not Foundation's `Process`).
enum ExternalCommand {
    /// Long enough for the slowest reference (a 200 MB download) on a busy machine.
    static let timeout: Duration = .seconds(600)

    /// The full path of `name` found on PATH, or nil. A name with a slash is taken as a path.
    static func find(_ name: String) -> String? { ProcessRunner.find(name) }

    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments` and waits for it;
    /// `wallTime` runs from launch to exit, the program's start-up included.
    static func run(_ executable: String, _ arguments: [String]) throws -> (result: ProcessResult, wallTime: Duration) {
        guard let path = find(executable) else { throw BenchmarkFailure("\(executable): not found on PATH") }
        let (result, wallTime) = try Timing.time { try ProcessRunner(path, arguments).runSynchronously(timeout: timeout) }
        return (result, wallTime)
    }

    /// Runs a command that must succeed and returns its standard output.
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let (result, _) = try run(executable, arguments)
        guard result.status == 0 else {
            throw BenchmarkFailure("\(executable) exited \(result.status): \(result.stderrText.suffix(2_000))")
        }
        return result.stdoutText
    }
}
