import FoundationEssentials
import Glibc
import NewsCore

/// How to open a URL: the config's `browser`, else `$BROWSER` (both run in the terminal, which they may need), else `xdg-open`
/// (a GUI hand-off, detached, its output sent nowhere). The URL is always one argument; where
/// `%u` or `%s` stands inside a longer word (a shell's script), it goes in percent-encoded past
/// what a shell reads as plain text (`CommandPlaceholder`).
package struct BrowserCommand: Equatable, Sendable {
    package var arguments: [String]
    /// True for `browser` and `$BROWSER`: curses is suspended while it runs and restored after.
    package var runsInTerminal: Bool

    /// `configured`: the config's `browser`, already split into words (`%u` marks the URL's place).
    package static func resolve(for url: URL, environment: [String: String], configured: [String]? = nil) -> BrowserCommand {
        let link = url.absoluteString
        if let configured, !configured.isEmpty {
            // %u is replaced inside its word, so the URL stays within one argument; without it the URL comes last.
            let words = CommandPlaceholder.fill(configured, "%u", with: link, insideAWord: CommandPlaceholder.shellSafeLink)
            return BrowserCommand(arguments: words ?? configured + [link], runsInTerminal: true)
        }
        // $BROWSER may list several commands separated by colons; the first is used.
        if let value = environment["BROWSER"], let first = value.split(separator: ":").first {
            let words = first.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if !words.isEmpty {
                // %s is replaced inside its word (`--url=%s`), so the URL stays within one argument.
                let filled = CommandPlaceholder.fill(words, "%s", with: link, insideAWord: CommandPlaceholder.shellSafeLink)
                return BrowserCommand(arguments: filled ?? words + [link], runsInTerminal: true)
            }
        }
        return BrowserCommand(arguments: ["xdg-open", link], runsInTerminal: false)
    }
}

/// Starts the browser process and waits for it without blocking the main actor.
package enum BrowserLauncher {
    package struct LaunchError: ReadableError, Equatable {
        package let message: String
    }

    /// Runs `command`; returns its exit status. Terminal browsers inherit the terminal; others
    /// get /dev/null for all three streams so their chatter never reaches the screen.
    package static func run(_ command: BrowserCommand) async throws(LaunchError) -> Int32 {
        guard let program = command.arguments.first else { throw LaunchError(message: "No browser command is set.") }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(["/usr/bin/env"] + command.arguments, detached: !command.runsInTerminal)
        } catch {
            throw LaunchError(message: "Could not start \(program).")
        }
        let status = await ChildProcess.exitStatus(of: pid)
        if status < 0 { throw LaunchError(message: "Could not tell how \(program) ended.") }
        // env exits 127 when it cannot find the program.
        if status == 127 { throw LaunchError(message: "The browser “\(program)” was not found.") }
        return status
    }
}
