import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The config's `color` lines, read back from the pane with `capture-pane -e`.
    @Suite struct ColourScheme {
        static let config = """
            color unread color202 color17 bold
            color status #ff0000 default
            """

        static func session(environment: [String: String]) throws -> (HeadlinesSession, TemporaryFolder) {
            let feeds = try TemporaryFolder("colours")
            let feed = try feeds.write(Data(FeedFixtures.rss("Story", count: 12).utf8), to: "feed.xml")
            var environment = environment
            environment["TERM"] = "tmux-256color"
            do {
                return (try HeadlinesSession(["--source", feed.path], environment: environment, config: config), feeds)
            } catch {
                feeds.remove()
                throw error
            }
        }

        /// The cells of the first row holding `text`, from where it starts.
        static func cells(of text: String, in screen: StyledScreen) -> [StyledScreen.Cell]? {
            for row in screen.rows {
                let characters = row.map(\.character)
                let needle = Array(text)
                guard characters.count >= needle.count else { continue }
                for start in 0...(characters.count - needle.count) where Array(characters[start..<start + needle.count]) == needle {
                    return Array(row[start..<start + needle.count])
                }
            }
            return nil
        }

        @Test func configuredColoursShowOnUnreadRowsAndTheStatusBar() async throws {
            // The test runner may export NO_COLOR=1, which the pane would inherit: colour is wanted here.
            let (session, feeds) = try Self.session(environment: ["NO_COLOR": ""])
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("12 articles")
            var row: [StyledScreen.Cell] = []
            var status: [StyledScreen.Cell] = []
            try await session.tmux.waitForScreen(describedAs: "an unread row in colour 202 on 17, the status bar in red") { _ in
                let screen = StyledScreen((try? session.tmux.capture(escapeSequences: true)) ?? "")
                row = Self.cells(of: "Story 5", in: screen) ?? []
                status = Self.cells(of: "? help", in: screen) ?? []
                return !row.isEmpty && !status.isEmpty
                    && row.allSatisfy { $0.foreground == .indexed(202) && $0.background == .indexed(17) }
                    && status.allSatisfy { $0.foreground == .indexed(196) }
            }
            // #ff0000 on a terminal without 24-bit colour: the nearest of the 256, xterm's 196.
            #expect(status.first?.foreground == .indexed(196))
        }

        @Test func withTrueColourRRGGBBIsDrawnExactly() async throws {
            let (session, feeds) = try Self.session(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"])
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("12 articles")
            try await session.tmux.waitForScreen(describedAs: "the status bar in 24-bit red, unread rows still in 202 on 17") { _ in
                let screen = StyledScreen((try? session.tmux.capture(escapeSequences: true)) ?? "")
                guard let status = Self.cells(of: "? help", in: screen), let row = Self.cells(of: "Story 5", in: screen) else { return false }
                return status.allSatisfy { $0.foreground == .rgb(255, 0, 0) && $0.background == nil }
                    && row.allSatisfy { $0.foreground == .indexed(202) && $0.background == .indexed(17) }
            }
        }

        @Test func noColourWinsOverTheConfig() async throws {
            let (session, feeds) = try Self.session(environment: ["NO_COLOR": "1"])
            defer { session.close(); feeds.remove() }
            try await session.tmux.waitForText("12 articles")
            let screen = StyledScreen(try session.tmux.capture(escapeSequences: true))
            let row = try #require(Self.cells(of: "Story 5", in: screen))
            #expect(row.allSatisfy { $0.foreground == nil && $0.background == nil })
            let status = try #require(Self.cells(of: "? help", in: screen))
            #expect(status.allSatisfy { $0.foreground == nil })
        }
    }
}
