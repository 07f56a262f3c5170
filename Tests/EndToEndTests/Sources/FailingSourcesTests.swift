import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A failing source is never mistaken for an empty one: in newsboat's row format it is red
    /// with its reason (or `x` under `%S`), the status bar says why on its row, and
    /// `show-read-sources = no` never hides it; reloading the config with `yes` shows the read
    /// sources again (issue 51).
    @Suite struct FailingSources {
        @Test func aFailingSourceShowsInEveryFormatAndIsNeverHidden() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/alpha.xml", .text(FeedFixtures.rss("Alpha", count: 3), contentType: "application/rss+xml"))
            server.route("/gone.xml", .text("gone", status: 404))
            let sources: [(name: String, url: String, group: String?)] = [
                ("Alpha", server.url("/alpha.xml").absoluteString, nil), ("Gone Blog", server.url("/gone.xml").absoluteString, nil),
            ]
            let settings = [#"feedlist-format = "%4i %n %11u %t""#, "show-read-sources = no"]
            let session = try HeadlinesSession([], config: FeedFixtures.config(sources, settings: settings))
            defer { session.close() }
            let tmux = session.tmux
            let first = try await tmux.waitForScreen(describedAs: "both sources, the dead one with its reason") {
                Sources.row("Alpha", in: $0)?.contains("(3/3)") == true && Sources.row("Gone Blog", in: $0)?.contains("✗") == true
            }
            #expect(Sources.row("Gone Blog", in: first)?.contains("404") == true, "\(first)")
            // Everything read: Alpha goes, the dead source stays.
            try tmux.sendKeys("A")  // three articles fit on a screen: marked with no question
            let read = try await tmux.waitForScreen(describedAs: "Alpha hidden") { Sources.row("Alpha", in: $0) == nil }
            #expect(Sources.row("Gone Blog", in: read) != nil, "a failing source is never hidden: \(read)")
            // On its row, the status bar says why.
            try tmux.sendKeys("G")
            let onRow = try await tmux.waitForScreen(describedAs: "the reason in the status bar") {
                $0.split(separator: "\n").last?.contains("404") == true
            }
            #expect(onRow.split(separator: "\n").last?.contains("404") == true)
            // `%S`, and show-read-sources = yes read again: Alpha is back.
            let reloaded = [#"feedlist-format = "%4i %S %11u %t""#, "show-read-sources = yes"]
            try FeedFixtures.writeConfig(FeedFixtures.config(sources, settings: reloaded), home: session.home.url)
            try tmux.sendKeys("C-r")
            let again = try await tmux.waitForScreen(describedAs: "Alpha shown again, x on the dead one") {
                Sources.row("Alpha", in: $0)?.contains("(0/3)") == true && Sources.row("Gone Blog", in: $0)?.contains(" x ") == true
            }
            #expect(Sources.row("Gone Blog", in: again)?.contains("✗") == false, "%S says it: \(again)")
        }
    }
}
