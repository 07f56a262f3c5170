import Foundation
import Testing
@testable import NewsCore

/// newsboat's `urls` file: URLs, quoted words, `"~Name"` titles, tags, and what is skipped.
@Suite("newsboat urls file")
struct NewsboatURLsTests {
    @Test func urlsTitlesAndTags() throws {
        let list = NewsboatURLs.parse("""
            # comment
            https://example.com/a.xml tech "linux news" "~Alpha \\"Weekly\\"" ! tech

            \thttps://example.com/b.xml\r
            https://example.com/c.xml "~"
            """)
        #expect(list.feeds == [
            FeedToAdd(url: URL(string: "https://example.com/a.xml")!, title: "Alpha \"Weekly\"", group: "tech", tags: ["tech", "linux news"]),
            FeedToAdd(url: URL(string: "https://example.com/b.xml")!),
            FeedToAdd(url: URL(string: "https://example.com/c.xml")!),
        ])
        #expect(list.skipped.isEmpty)
    }

    @Test func queriesProgramsFiltersAndOtherSchemesAreSkippedWithTheirReason() {
        let list = NewsboatURLs.parse("""
            "query:Unread Articles:unread = \\"yes\\""
            "exec:~/bin/feed"
            "filter:~/bin/f:https://example.com/f.xml" tag
            file:///home/me/feed.xml
            ftp://example.com/feed
            """)
        #expect(list.feeds.isEmpty)
        #expect(list.skipped.map(\.line) == [1, 2, 3, 4, 5])
        #expect(list.skipped[0].entry == "query:Unread Articles:unread = \"yes\"")
        #expect(list.skipped[0].reason.contains("query feed"))
        #expect(list.skipped[1].reason.contains("exec:"))
        #expect(list.skipped[2].reason.contains("filter:"))
        #expect(list.skipped[3].reason == "not an http or https URL")
    }

    @Test func hostileTextIsCleaned() throws {
        let list = NewsboatURLs.parse("https://example.com/x.xml \"~\u{1B}]0;pwned\u{07}Name\" \"t\u{1B}[31mag\"\n")
        let feed = try #require(list.feeds.first)
        #expect(feed.title?.unicodeScalars.contains { $0.value < 0x20 } == false)
        #expect(feed.tags.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    /// Tags survive the config file: written as `tags =`, read back as a list.
    @Test func tagsRoundTripThroughTheConfig() throws {
        var sections = ConfigSections(config: .empty)
        sections.add(FeedToAdd(url: URL(string: "https://example.com/a.xml")!, title: "A", group: "tech", tags: ["tech", "linux, news", "x"]))
        let config = try ConfigFixture.parse(sections.sections.joined(separator: "\n\n"))
        #expect(config.sources.first?.tags == ["tech", "linux news", "x"])
        #expect(config.sources.first?.group == "tech")
    }
}
