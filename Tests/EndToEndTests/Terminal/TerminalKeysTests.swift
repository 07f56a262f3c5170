import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Keys as terminals send them: Ctrl-S and Ctrl-Q are keys (flow control is off while
    /// Headlines runs), an escape sequence curses does not know is one ignored key and never
    /// Esc, End is End under a wrong `TERM`, and F-keys and Ctrl-S can be bound.
    @Suite struct TerminalKeys {
        /// A list of 40 stories from a file; the first screen shows the first 28.
        static func session(config: String? = nil, environment: [String: String] = [:]) throws -> (HeadlinesSession, TemporaryFolder) {
            let feeds = try TemporaryFolder("keys")
            let feed = try feeds.write(Data(FeedFixtures.rss("Story", count: 40).utf8), to: "feed.xml")
            do {
                return (try HeadlinesSession(["--source", feed.path], environment: environment, config: config), feeds)
            } catch {
                feeds.remove()
                throw error
            }
        }

        /// The pane's tty settings as `stty -a` prints them.
        static func settings(of session: HeadlinesSession) throws -> String {
            try ProcessRunner("/bin/stty", ["-F", try session.tmux.paneTTY(), "-a"]).runSynchronously(timeout: .seconds(5)).stdoutText
        }

        static let hints = "? help"
        static let help = "Redraw the screen"

        @Test func ctrlSDoesNotStopTheScreenAndFlowControlComesBackOnExit() async throws {
            let (session, feeds) = try Self.session()
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("40 articles")
            #expect(try Self.settings(of: session).split(separator: " ").contains("-ixon"))
            try session.tmux.sendKeys("C-s")
            try session.tmux.sendKeys("?")
            // With flow control on, the tty held every byte after Ctrl-S until a Ctrl-Q.
            try await session.tmux.waitForText(Self.help, timeout: .seconds(5))
            try session.tmux.sendKeys("C-q")
            try session.tmux.sendKeys("q")
            try await session.tmux.waitForText(Self.hints)
            try session.tmux.sendKeys("q")
            #expect(try await session.tmux.waitForExit() == 0)
            #expect(session.tmux.sttyAfter == session.tmux.sttyBefore)
            #expect(session.tmux.sttyBefore?.isEmpty == false)
        }

        @Test(arguments: [
            [0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x50] as [UInt8],  // Ctrl-F1
            [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E],  // bracketed paste's closing marker, alone
        ])
        func anUnknownSequenceIsOneIgnoredKeyNotEsc(bytes: [UInt8]) async throws {
            // vt100's entry names no such keys (tmux's `screen` knows Ctrl-F1 as F25).
            let (session, feeds) = try Self.session(environment: ["TERM": "vt100"])
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("40 articles")
            try session.tmux.sendBytes(bytes)
            let screen = try await session.tmux.waitForText("unknown key")
            #expect(screen.contains("Story 1"))
            // The message goes by itself (no key pressed), and the hints come back.
            try await session.tmux.waitForText(Self.hints, timeout: .seconds(10))
            #expect(session.tmux.exitStatus == nil)
            try session.tmux.sendKeys("?")
            try await session.tmux.waitForText(Self.help)
        }

        /// Pasted text is never keys (issue 50, point 12): a pasted `Q` quit and a pasted `Cy`
        /// on the Sources screen marked every article read. tmux brackets a paste only when the
        /// program asked for it, so this also shows Headlines asks. In a prompt it is typed text.
        @Test func pastedTextIsNoCommandAndGoesIntoAPrompt() async throws {
            let (session, feeds) = try Self.session()
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("40 articles")
            try session.tmux.paste("QCy")
            try await session.tmux.waitForText("Pasted text goes into a prompt")
            #expect(session.tmux.exitStatus == nil)
            #expect(try session.tmux.capture().contains("Story 1"))
            try session.tmux.sendKeys("/")
            try session.tmux.paste("Story 3\n")
            let screen = try await session.tmux.waitForText("Story 3▏")
            #expect(!screen.contains("Story 2"), "\(screen)")
            // An opening marker whose end never comes swallows nothing typed after a pause.
            try session.tmux.sendKeys("Escape")
            try session.tmux.sendBytes([0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E])
            try await Task.sleep(for: .milliseconds(700))  // the pause a lost end marker is given
            try session.tmux.sendKeys("?")
            try await session.tmux.waitForText(Self.help)
        }

        /// A byte that is not UTF-8 (an Alt key of an 8-bit-meta terminal) is an unknown key, not
        /// a hang-up: it quit with 129 (issue 28).
        @Test(arguments: [[UInt8(0xFF)], [0x80], [0xC3, 0x6A]])
        func anInvalidUTF8ByteIsAnUnknownKeyNotAQuit(bytes: [UInt8]) async throws {
            let (session, feeds) = try Self.session()
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("40 articles")
            try session.tmux.sendBytes(bytes)
            try await session.tmux.waitForText("unknown key")
            #expect(session.tmux.exitStatus == nil)
            try session.tmux.sendKeys("?")
            try await session.tmux.waitForText(Self.help)
            #expect(session.tmux.exitStatus == nil)
        }

        @Test func theNextKeyTakesTheMessageAway() async throws {
            let (session, feeds) = try Self.session()
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("40 articles")
            try session.tmux.sendBytes([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x50])  // Ctrl-F1
            try await session.tmux.waitForText("unknown key")
            try session.tmux.sendKeys("j")
            // Well before the message would end by itself (5 s).
            try await session.tmux.waitForText(Self.hints, timeout: .seconds(2))
        }

        /// A lone Esc byte is Esc (no Alt prefix waiting for more): on the first screen it goes
        /// back as far as it can, never quitting (people press it out of habit; issue 51).
        @Test func anEscAloneIsStillEsc() async throws {
            let (session, feeds) = try Self.session()
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("40 articles")
            try session.tmux.sendBytes([0x1B])
            try await session.tmux.waitForText("q quits; Esc only goes back.")
            try session.tmux.sendKeys("q")
            #expect(try await session.tmux.waitForExit() == 0)
        }

        @Test func endUnderAWrongTERMIsEnd() async throws {
            // tmux sends End as `\e[4~`; xterm's entry says `\eOF`, so curses does not know it.
            let (session, feeds) = try Self.session(environment: ["TERM": "xterm"])
            defer { session.close(); feeds.remove() }
            let first = try await session.tmux.waitForText("40 articles")
            #expect(!first.contains("Story 40"))
            try session.tmux.sendKeys("End")
            try await session.tmux.waitForText("Story 40")
            #expect(session.tmux.exitStatus == nil)
        }

        @Test func ctrlSAndF5CanBeBound() async throws {
            let (session, feeds) = try Self.session(config: "bind Ctrl-S help\nbind F5 help\n")
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("40 articles")
            try session.tmux.sendKeys("C-s")
            try await session.tmux.waitForText(Self.help)
            try session.tmux.sendKeys("q")
            try await session.tmux.waitForText(Self.hints)
            try session.tmux.sendKeys("F5")
            try await session.tmux.waitForText(Self.help)
        }
    }
}
