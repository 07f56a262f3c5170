/// Why a `TmuxSession` call failed. The descriptions carry the last screen seen, so that a
/// failed end-to-end test shows what the terminal looked like.
public enum TmuxSessionError: Error, CustomStringConvertible {
    case emptyCommand
    case invalidEnvironmentName(String)
    case tmuxFailed(arguments: [String], status: Int32, stderr: String)
    case unexpectedTmuxOutput(String)
    case closed
    case programNotRunning
    case timedOut(waitingFor: String, timeout: Duration, lastScreen: String?)
    /// The program exited, so the screen will not change any more, and it never matched.
    case programExited(status: Int32, waitingFor: String, lastScreen: String)

    public var description: String {
        switch self {
        case .emptyCommand:
            return "TmuxSession needs a command to run"
        case .invalidEnvironmentName(let name):
            return "not a valid environment variable name: \(name.debugDescription)"
        case .tmuxFailed(let arguments, let status, let stderr):
            return "tmux \(arguments.joined(separator: " ")) failed with status \(status): \(stderr)"
        case .unexpectedTmuxOutput(let output):
            return "unexpected output from tmux: \(output.debugDescription)"
        case .closed:
            return "the tmux session is closed"
        case .programNotRunning:
            return "the program is not running (not started yet, or exited)"
        case .timedOut(let what, let timeout, let screen):
            return "timed out after \(timeout) waiting for \(what)" + Self.framed(screen)
        case .programExited(let status, let what, let screen):
            return "the program exited with status \(status) while waiting for \(what)" + Self.framed(screen)
        }
    }

    static func framed(_ screen: String?) -> String {
        guard let screen else { return "" }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let width = lines.map(\.count).max() ?? 0
        let rule = "+" + String(repeating: "-", count: width) + "+"
        let body = lines.map { "|" + $0 + String(repeating: " ", count: width - $0.count) + "|" }
        return "\nlast screen:\n" + ([rule] + body + [rule]).joined(separator: "\n")
    }
}
