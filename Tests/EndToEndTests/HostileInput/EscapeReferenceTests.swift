import Foundation
import Testing
import TestSupport

/// Escape sequences a feed writes as character references reach no terminal.
@Suite("Escapes written as references")
struct EscapeReferenceTests {
    let home: TemporaryFolder

    init() throws {
        home = try TemporaryFolder("e2e")
    }

    /// Escape sequences written as character references leave no payload in a title.
    @Test func aReferencedEscapeInATitleLeavesNoPayload() async throws {
        let feed = home.file("feed.xml")
        let items = [
            "A &#x1b;]8;;http://evil.example/\\click&#x1b;]8;;\\ B", "C&#x1b;]52;c;aGk=D", "G&#27;[31mH",
        ].enumerated().map { index, title in
            "<item><title>\(title)</title><link>https://e.example/\(index)</link><guid>g\(index)</guid></item>"
        }
        try Data(
            ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title><link>https://e.example/</link>"
                + items.joined() + "</channel></rss>").utf8
        ).write(to: feed)
        let result = try await HeadlinesSession.run(["--print", "--source", feed.path], home: home)
        #expect(result.status == 0, "\(result.stderrText)")
        let titles = result.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[2] }
        #expect(titles.sorted() == ["A", "C", "GH"], "\(titles)")
    }
}
