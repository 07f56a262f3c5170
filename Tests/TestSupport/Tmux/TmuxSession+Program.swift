import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the wrapper recorded about the program: its pid, how it exited, and the terminal's
/// settings before and after it. Read them before `close()`, which removes the records.
extension TmuxSession {
    /// The program's pid (it is `exec`ed by the wrapper's child shell, so this is the program
    /// itself, not a shell), or nil before it has started or once it has exited.
    public func programPID() throws -> Int32? {
        guard !isClosed else { throw TmuxSessionError.closed }
        return runningProgramPID()
    }

    /// Sends `signal` to the program (only to it, not to the wrapper or the pane's process group).
    public func signalProgram(_ signal: Int32) throws {
        guard let pid = try programPID() else { throw TmuxSessionError.programNotRunning }
        guard kill(pid, signal) == 0 else {
            let code = errno
            throw code == ESRCH ? TmuxSessionError.programNotRunning : POSIXError(POSIXErrorCode(rawValue: code) ?? .EPERM)
        }
    }

    /// The exit status the shell reported (0...255; 128+N after signal N), nil while it runs.
    public var exitStatus: Int32? {
        TmuxWrapper.read("status", in: directory).flatMap { Int32($0) }
    }

    /// `stty -g` of the pane's terminal just before the program started.
    public var sttyBefore: String? { TmuxWrapper.read("stty-before", in: directory) }

    /// `stty -g` of the pane's terminal just after the program exited.
    public var sttyAfter: String? { TmuxWrapper.read("stty-after", in: directory) }

    func runningProgramPID() -> Int32? {
        guard exitStatus == nil, let pid = TmuxWrapper.read("pid", in: directory).flatMap({ Int32($0) })
        else { return nil }
        return kill(pid, 0) == 0 || errno == EPERM ? pid : nil
    }
}

extension TmuxSession {
    /// The pane's terminal device (`/dev/pts/N`), for reading or changing its settings from outside.
    public func paneTTY() throws -> String {
        try tmux(["display-message", "-p", "-t", paneID, "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension TmuxSession {
    /// The pane's title (`#{pane_title}`), as the program set it with OSC 0 or 2.
    public func paneTitle() throws -> String { try display("#{pane_title}") }

    /// A tmux format expanded for the pane (`#{window_bell_flag}`), without its newline.
    public func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", paneID, format]).trimmingCharacters(in: .newlines)
    }
}
