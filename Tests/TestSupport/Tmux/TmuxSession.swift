import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program running in a detached tmux session of its own, on a private tmux server, for
/// end-to-end tests: type with `sendKeys`, read with `capture`, and learn after the fact how the
/// program exited and whether it gave the terminal back as it found it (`sttyBefore`/`sttyAfter`).
///
/// Call `close()` when done; `deinit` does it too, so a failing test cleans up all the same.
public final class TmuxSession: @unchecked Sendable {
    let server: TmuxServer
    /// The pane, as a tmux target (`%N`).
    public let paneID: String
    /// The tmux server's socket: `tmux -S <socketPath> attach -r` watches a test live.
    public let socketPath: String
    /// The wrapper's private folder (status, pid and stty files).
    private let folder: TemporaryFolder
    var directory: URL { folder.url }
    private let closedState = Mutex(false)

    var isClosed: Bool { closedState.withLock { $0 } }

    /// Starts `command` in a new detached tmux session of `width` × `height` cells.
    ///
    /// - Parameters:
    ///   - command: the program and its arguments, run as they are (no shell, no quoting).
    ///   - environment: variables set for the program only, on top of the pane's environment
    ///     (this process's, less TMUX, LINES and COLUMNS, with tmux's own TERM).
    ///   - workingDirectory: the program's working directory; this process's when nil.
    public init(
        command: [String],
        environment: [String: String] = [:],
        width: Int = 100,
        height: Int = 30,
        workingDirectory: String? = nil
    ) throws {
        let folder = try TemporaryFolder("tmux-session")
        let paneCommand = try TmuxWrapper.paneCommand(
            directory: folder.path, environment: environment, command: command
        )
        let server = TmuxServer(socketName: TmuxServer.uniqueSocketName())
        let output: String
        do {
            // -P prints once the pane exists, so capture-pane works as soon as this returns.
            // The options come after new-session: tmux 3.3a crashes on window-size before a session.
            output = try server.run(
                [
                    "new-session", "-d", "-P", "-F", "#{pane_id} #{socket_path}",
                    "-x", String(width), "-y", String(height),
                    "-c", workingDirectory ?? FileManager.default.currentDirectoryPath,
                ]
                    + paneCommand,
                ["set-option", "-g", "window-size", "manual"],
                ["set-option", "-g", "status", "off"],
                ["set-option", "-g", "remain-on-exit", "on"]
            )
        } catch {
            _ = try? server.run(["kill-server"])  // best effort: the session never started
            throw error
        }
        let fields = output.trimmingCharacters(in: .newlines).split(separator: " ", maxSplits: 1)
        guard fields.count == 2, fields[0].hasPrefix("%") else {
            _ = try? server.run(["kill-server"])  // best effort: the session never started
            throw TmuxSessionError.unexpectedTmuxOutput(output)
        }
        self.server = server
        self.paneID = String(fields[0])
        self.socketPath = String(fields[1])
        self.folder = folder
    }

    deinit {
        close()
    }

    /// Ends the program if it still runs, the tmux server and its socket, and the private
    /// directory. Idempotent; every other call throws `TmuxSessionError.closed` afterwards.
    public func close() {
        let wasClosed = closedState.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        if let pid = runningProgramPID() { kill(pid, SIGKILL) }
        _ = try? server.run(["kill-server"])
        if FileManager.default.fileExists(atPath: socketPath) {
            try? FileManager.default.removeItem(atPath: socketPath)
        }
        folder.remove()
    }

    /// Sends keys with `tmux send-keys`: each is a tmux key name ("Enter", "Escape", "C-c", "Up",
    /// "NPage", "F5", ...) or else literal text.
    public func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", paneID, "--"] + keys)
    }

    /// Sends `bytes` as they are, in one `send-keys -H`: a terminal's escape sequence arrives together.
    public func sendBytes(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try tmux(["send-keys", "-t", paneID, "-H", "--"] + bytes.map { String($0, radix: 16) })
    }

    /// Types `text` as it is (`send-keys -l`), with no key-name lookup.
    public func sendLiteral(_ text: String) throws {
        guard !text.isEmpty else { return }
        try tmux(["send-keys", "-t", paneID, "-l", "--", text])
    }

    /// Pastes `text` as a person's terminal does (`paste-buffer -p`): wrapped in the bracketed
    /// paste markers when the program asked for them (`CSI ? 2004 h`), bare when it did not.
    public func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "headlines-test", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "headlines-test", "-t", paneID])
    }

    /// The visible screen as text: one line per row (trailing blanks trimmed by tmux), joined by
    /// "\n". With `escapeSequences`, attributes and colours are kept as escape sequences.
    public func capture(escapeSequences: Bool = false) throws -> String {
        var output = try tmux(["capture-pane", "-p", "-t", paneID] + (escapeSequences ? ["-e"] : []))
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    /// Resizes the window (and so the pane, whose program gets SIGWINCH).
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", paneID, "-x", String(width), "-y", String(height)])
    }

    /// The cursor's column and row in the pane, both from 0.
    public func cursorPosition() throws -> (x: Int, y: Int) {
        let output = try tmux(["display-message", "-p", "-t", paneID, "#{cursor_x} #{cursor_y}"])
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else { throw TmuxSessionError.unexpectedTmuxOutput(output) }
        return (fields[0], fields[1])
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        guard !isClosed else { throw TmuxSessionError.closed }
        return try server.run(arguments)
    }
}
