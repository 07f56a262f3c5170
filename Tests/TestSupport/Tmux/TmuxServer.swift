import Foundation

/// One private tmux server, reached through its own socket name (`tmux -L`), never reading the
/// user's configuration. Every call runs `/usr/bin/env tmux` with arguments: nothing goes
/// through a shell on the Swift side.
struct TmuxServer: Sendable {
    let socketName: String

    /// A fresh socket name, unique across the processes and sessions of a test run.
    static func uniqueSocketName() -> String {
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        return "headlines-test-\(ProcessInfo.processInfo.processIdentifier)-\(token)"
    }

    /// The environment tmux starts with, which its panes inherit: this process's, less what
    /// would point tmux at another server or make curses ignore the pane's real size.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "LINES", "COLUMNS"] { environment[name] = nil }
        return environment
    }()

    /// Runs one tmux command line made of `commands` (run in order, as with `\;` in a shell),
    /// returning its stdout. Throws when tmux exits non-zero.
    @discardableResult
    func run(_ commands: [String]..., timeout: Duration = .seconds(10)) throws -> String {
        var arguments = ["tmux", "-L", socketName, "-f", "/dev/null"]
        for (index, command) in commands.enumerated() {
            if index > 0 { arguments.append(";") }
            arguments += command.map(Self.escaped)
        }
        let result = try ProcessRunner("/usr/bin/env", arguments, environment: Self.environment).runSynchronously(timeout: timeout)
        guard result.status == 0 else {
            throw TmuxSessionError.tmuxFailed(
                arguments: Array(arguments.dropFirst()), status: result.status, stderr: result.stderrText
            )
        }
        return result.stdoutText
    }

    /// tmux takes an argument that ends in `;` for a command separator; `\;` stands for a
    /// literal `;` there (and only there), so that is what a trailing `;` becomes.
    static func escaped(_ argument: String) -> String {
        guard argument.hasSuffix(";") else { return argument }
        return argument.dropLast() + "\\;"
    }
}
