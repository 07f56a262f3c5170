import Foundation

/// Processes a test started indirectly (a password-command's `sleep`), found by the PID they
/// wrote to a file and checked for being gone.
public enum ProcessProbe {
    /// The PIDs written on the first line of `file` (separated by spaces), once the line is
    /// whole; nil when none comes within `timeout`.
    public static func pids(in file: URL, timeout: Duration = .seconds(10)) async -> [Int32]? {
        var found: [Int32]?
        _ = await eventually(timeout: timeout, interval: .milliseconds(10)) {
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") else { return false }  // not written yet
            found = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int32($0) }
            return found?.isEmpty == false
        }
        return found
    }

    /// No such process (ESRCH), or a zombie nobody has reaped yet (an orphan waits for PID 1,
    /// which may be slow to reap): either way it runs no more.
    public static func isGone(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 && errno == ESRCH { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }  // gone meanwhile
        // The state follows the command's name, which is in parentheses and may hold spaces.
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    /// Whether every one of `pids` is gone within `timeout`.
    public static func allGone(_ pids: [Int32], timeout: Duration = .seconds(5)) async -> Bool {
        await eventually(timeout: timeout, interval: .milliseconds(10)) { pids.allSatisfy(isGone) }
    }
}
