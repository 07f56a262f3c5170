import Foundation

/// One test process's folder for the feed servers' data, with the guard that stops the servers
/// and removes the folder when the process ends (`stop-when-tests-end.sh`, whose standard input
/// is a pipe only this process holds: it closes however the process ends).
///
/// The folder is a fresh `/tmp/headlines-sync-PID-XXXXXX` of mode 0755, never under the
/// checkout: PostgreSQL and PHP run as `postgres` and `www-data` when the tests run as root, and
/// a checkout inside a folder only its owner may enter (a 0700 home, as Debian 12 makes them)
/// would keep them from their data. Not `$TMPDIR`, which the Makefile points into the checkout.
public final class SyncServerRunFolder: @unchecked Sendable {
    public let url: URL
    /// Never ended from here except by `end()`: the pipe to its standard input must otherwise
    /// close only with this process. (Set once in init, hence unchecked Sendable.)
    private let guardProcess: RunningProcess

    /// The system's temporary folder, where every run folder is made.
    static let parent = URL(fileURLWithPath: "/tmp", isDirectory: true)
    static let prefix = "headlines-sync-"

    public init() throws {
        let pid = ProcessInfo.processInfo.processIdentifier
        var template = Array(Self.parent.appendingPathComponent("\(Self.prefix)\(pid)-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SyncServerError.scriptFailed(script: "(run folder)", detail: "mkdtemp in /tmp failed: errno \(errno)")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        // mkdtemp makes it 0700; the servers' users must walk down to their folders.
        guard chmod(url.path, 0o755) == 0 else {
            throw SyncServerError.scriptFailed(script: "(run folder)", detail: "chmod 0755 \(url.path) failed: errno \(errno)")
        }
        let script = SyncServerScripts.folder.appendingPathComponent("stop-when-tests-end.sh").path
        guardProcess = try ProcessRunner(script, [url.path]).start()
    }

    /// Ends the guard now (the benchmark's stop, after it stopped the servers itself), and
    /// removes what the guard, killed before it tidied up, may have left.
    public func end() {
        guardProcess.end()
        try? FileManager.default.removeItem(at: url)  // gone already when the guard finished
        try? FileManager.default.removeItem(at: url.appendingPathExtension("stop.log"))
    }
}
