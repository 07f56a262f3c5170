import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The zsh completion, used as a person uses it: an interactive zsh in tmux with the script
    /// on its fpath and compinit run, a command line typed, Tab pressed, the screen read.
    @Suite(.enabled(if: ProcessRunner.find("zsh") != nil, "needs zsh"))
    struct ZshCompletion {
        let home: TemporaryFolder
        let zsh: TmuxSession

        init() throws {
            home = try TemporaryFolder("zsh-home")
            try home.write(Data(), to: "feeds.opml")
            let rc = """
                fpath=(\(Checkout.file("Resources/completions").path) $fpath)
                autoload -Uz compinit && compinit -u -d \(home.file("zcompdump").path)
                PS1='ready> '

                """
            try home.write(Data(rc.utf8), to: ".zshrc")
            zsh = try TmuxSession(
                command: ["zsh", "-i"], environment: ["ZDOTDIR": home.path, "HOME": home.path], workingDirectory: home.path
            )
        }

        /// Types `line`, presses Tab, and waits for `expected` on the screen.
        private func complete(_ line: String, showing expected: [String]) async throws {
            try await zsh.waitForText("ready>")  // tmux trims the trailing blank
            try zsh.sendKeys("C-u")
            try zsh.sendLiteral(line)
            try zsh.sendKeys("Tab")
            try await zsh.waitForScreen(describedAs: "\(expected) after \(line.debugDescription)") { screen in
                expected.allSatisfy(screen.contains)
            }
        }

        @Test func optionsValuesAndFilesComplete() async throws {
            defer { zsh.close() }
            try await complete("headlines --import-o", showing: ["headlines --import-opml="])  // --import-n is newsboat's
            try await complete("headlines --log-level ", showing: ["debug", "error", "info"])
            try await complete("headlines --category=sc", showing: ["headlines --category=science"])
            try await complete("headlines --config feeds.o", showing: ["headlines --config feeds.opml"])
        }
    }
}
