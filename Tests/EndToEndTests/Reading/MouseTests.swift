import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The mouse (issue 54, step 4), as a terminal reports it in SGR 1006's form, sent to the
    /// real binary through tmux: clicks select and focus, a double click opens, the wheel
    /// scrolls the pane under the pointer, a link's number opens, a divider drags; the terminal
    /// is asked to report only while Headlines has it.
    @Suite struct Mouse {
        /// A press and a release of the left button at the screen's 0-based `column`, `row`.
        static func click(_ column: Int, _ row: Int) -> String { "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m" }
        static func wheel(down: Bool, _ column: Int, _ row: Int) -> String { "\u{1B}[<\(down ? 65 : 64);\(column + 1);\(row + 1)M" }

        static func lines(_ screen: String) -> [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

        /// The column of the first divider on `row` (the rows left of it are ASCII here).
        static func divider(in screen: String, row: Int) -> Int? {
            let line = lines(screen)[row]
            return line.firstIndex(of: "│").map { line.distance(from: line.startIndex, to: $0) }
        }

        @Test func aDoubleClickOpensTheRowAndTheWheelMovesTheSelection() async throws {
            let (session, server) = try Panes.session(width: 100)
            defer { session.close(); server.stop() }
            let tmux = session.tmux
            try await tmux.waitForText("30 articles")
            #expect(try tmux.display("#{mouse_sgr_flag} #{mouse_button_flag}") == "1 1", "the terminal is asked for SGR reports and drags")
            // Story k is on row k (the title takes row 0).
            try tmux.sendLiteral(Self.click(20, 3) + Self.click(20, 3))
            try await tmux.waitForText("Summary of Story 3.")
            try tmux.sendKeys("q")
            try await tmux.waitForText("30 articles")
            // Two notches of three lines from Story 3: Story 9.
            try tmux.sendLiteral(Self.wheel(down: true, 20, 10) + Self.wheel(down: true, 20, 10))
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("Summary of Story 9.")
            try tmux.sendKeys("q")
            // One click selects without opening; Enter opens what it selected.
            try tmux.sendLiteral(Self.click(20, 12))
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("Summary of Story 12.")
            // A click on no row, a right click, a report cut short: nothing happens, nothing is typed.
            try tmux.sendKeys("q")
            try await tmux.waitForText("30 articles")
            try tmux.sendLiteral("\u{1B}[<2;20;5M\u{1B}[<2;20;5m" + Self.click(20, 0) + "\u{1B}[<0;20")
            try tmux.sendKeys("Enter")
            try await tmux.waitForText("Summary of Story 12.")
        }

        @Test func panesTakeTheFocusFromAClickAndTheDividerDrags() async throws {
            let (session, server) = try Panes.session(width: 200)
            defer { session.close(); server.stop() }
            let tmux = session.tmux
            try await tmux.waitForText("30 articles")
            try tmux.sendKeys("Enter")
            let opened = try await tmux.waitForText("Summary of Story 1.")
            let divider = try #require(Self.divider(in: opened, row: 0))
            // A click on Story 5 in the list: the list has the keys, the article follows.
            try tmux.sendLiteral(Self.click(10, 5))
            try await tmux.waitForText("Summary of Story 5.")
            try tmux.sendKeys("j")
            try await tmux.waitForText("Summary of Story 6.")
            // The wheel over the list moves its selection; the article follows it there too.
            try tmux.sendLiteral(Self.wheel(down: true, 10, 20))
            try await tmux.waitForText("Summary of Story 9.")
            // A click in the article gives it the keys: j scrolls it, no other article follows.
            try tmux.sendLiteral(Self.click(divider + 20, 10))
            try tmux.sendKeys("j", "j")
            try await Task.sleep(for: .milliseconds(600))  // past the follow pause: an article that followed would show by now
            #expect(try await tmux.waitForText("Summary of Story 9.").contains("Summary of Story 9."))

            // The divider dragged 30 columns right, and released.
            try tmux.sendLiteral(
                "\u{1B}[<0;\(divider + 1);10M" + "\u{1B}[<32;\(divider + 11);10M" + "\u{1B}[<32;\(divider + 31);10M" + "\u{1B}[<0;\(divider + 31);10m")
            let moved = try await tmux.waitForText("list-width = ")
            let now = try #require(Self.divider(in: moved, row: 1))
            #expect(abs(now - (divider + 30)) <= 1, "the divider at \(now), dragged from \(divider) to \(divider + 30)")
            // Narrow and wide again: the dragged width is kept for the session.
            try tmux.resize(width: 100, height: 30)
            try await tmux.waitForScreen(describedAs: "the article alone") { !$0.contains("│") }
            try tmux.resize(width: 200, height: 30)
            let again = try await tmux.waitForScreen(describedAs: "both panes again") { $0.contains("│") }
            #expect(Self.divider(in: again, row: 0) == now)
        }

        @Test func aClickOnALinksNumberOpensIt() async throws {
            try await ArticleLinks.withLinkedStory { session, browser, article in try await Self.clickTheSecondLink(session, browser, article) }
        }

        private static func clickTheSecondLink(_ session: HeadlinesSession, _ browser: RecordingBrowser, _ article: String) async throws {
            let lines = Self.lines(article)
            let row = try #require(lines.firstIndex { $0.contains("the second[2]") })
            let column = try #require(lines[row].range(of: "[2]").map { lines[row].distance(from: lines[row].startIndex, to: $0.lowerBound) })
            // The words before it are no link's number: a click there opens nothing.
            try session.tmux.sendLiteral(Self.click(column - 4, row))
            try session.tmux.sendLiteral(Self.click(column + 1, row))
            #expect(try await browser.recorded() == "1\n[\(ArticleLinks.shownLink)]\n")
        }

        @Test func mouseNoLeavesTheMouseToTheTerminal() async throws {
            let (session, server) = try Panes.session(width: 100, settings: ["mouse = no"])
            defer { session.close(); server.stop() }
            try await session.tmux.waitForText("30 articles")
            #expect(try session.tmux.display("#{mouse_any_flag} #{mouse_button_flag} #{mouse_standard_flag} #{mouse_sgr_flag}") == "0 0 0 0")
        }

        /// A program that takes the terminal (a terminal browser) gets it without our mouse
        /// reporting; it comes back after.
        @Test func aTerminalBrowserGetsTheTerminalWithoutTheMouse() async throws {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let (gate, started, browser) = (folder.file("done"), folder.file("started"), folder.file("browser.sh"))
            try """
            #!/bin/sh
            touch '\(started.path)'
            while [ ! -e '\(gate.path)' ]; do sleep 0.05; done
            """.write(to: browser, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
            let (session, server) = try Panes.session(width: 100, settings: ["browser = \(browser.path)"])
            defer { session.close(); server.stop() }
            let tmux = session.tmux
            try await tmux.waitForText("30 articles")
            try tmux.sendKeys("o")
            #expect(await eventually { FileManager.default.fileExists(atPath: started.path) })
            #expect(try await eventually { try tmux.display("#{mouse_any_flag}") == "0" }, "the browser has the terminal without our reports")
            try Data().write(to: gate)
            try await tmux.waitForText("Opened https://example.com/story/1")
            #expect(try await eventually { try tmux.display("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1" }, "asked again once the terminal is ours")
        }
    }
}
