import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Every prompt edits as a shell line does: Ctrl-U, Ctrl-W, Ctrl-A and Ctrl-E, Left and Right,
    /// Home and End, Backspace over a wide character (the status bar shows the cursor as ▏).
    @Suite struct PromptEditing {
        @Test func theFilterSearchAndPipePromptsEditAsAShellLine() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Item", count: 12), contentType: "application/rss+xml"))
            let session = try HeadlinesSession(["--source", server.url("/feed.xml").absoluteString])
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("12 articles")
            // The filter: words, then edits in the middle of the line.
            try tmux.sendKeys("/")
            try tmux.sendLiteral("old words Item 1")
            try await tmux.waitForText("/old words Item 1▏")
            try tmux.sendKeys("C-a")
            try await tmux.waitForText("/▏old words Item 1")
            try tmux.sendKeys("Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right", "Right")
            try await tmux.waitForText("/old words ▏Item 1")
            try tmux.sendKeys("C-u")
            try await tmux.waitForText("/▏Item 1")
            try tmux.sendKeys("End")
            try tmux.sendLiteral("1")
            try await tmux.waitForText("/Item 11▏")
            try await tmux.waitForText("/Item 11: 1 found")
            try tmux.sendKeys("Left", "BSpace")
            try await tmux.waitForText("/Item ▏1")
            try await tmux.waitForText("/Item 1: 4 found")  // 1, 10, 11, 12
            try tmux.sendKeys("Home")
            try tmux.sendLiteral("日本 ")
            try await tmux.waitForText("/日本 ▏Item 1")
            try tmux.sendKeys("C-e", "C-w")
            try await tmux.waitForText("/日本 Item ▏")
            try tmux.sendKeys("C-a", "Right", "Right", "BSpace")
            try await tmux.waitForText("/日▏ Item ")
            try tmux.sendKeys("Escape")
            try await tmux.waitForScreen { !$0.contains("found") }

            // The search's query.
            try tmux.sendKeys("S")
            try await tmux.waitForText("Search: ▏")
            try tmux.sendLiteral("Summary Item")
            try tmux.sendKeys("C-w")
            try await tmux.waitForText("Search: Summary ▏")
            try tmux.sendKeys("Left", "Left")
            try tmux.sendLiteral("x")
            try await tmux.waitForText("Search: Summarx▏y ")
            try tmux.sendKeys("Escape")
            // Back on the list: the Search screen may still show the count of an earlier query.
            _ = try await tmux.waitForScreen(describedAs: "the list again") { !$0.contains("Headlines · Search") && $0.contains("12 articles") }

            // The pipe's command.
            try tmux.sendKeys("|")
            try await tmux.waitForText("Pipe to: ▏")
            try tmux.sendLiteral("less -R")
            try tmux.sendKeys("C-w")
            try await tmux.waitForText("Pipe to: less ▏")
            try tmux.sendKeys("C-a", "C-k")
            try await tmux.waitForText("Pipe to: ▏")
            try tmux.sendKeys("Escape")
            try await tmux.waitForScreen { !$0.contains("Pipe to:") }
        }
    }
}
