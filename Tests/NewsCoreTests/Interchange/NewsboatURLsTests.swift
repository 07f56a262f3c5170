import Foundation
import Testing
@testable import NewsCore

/// newsboat's `urls` file: URLs, quoted words, `"~Name"` titles, tags, and what is skipped.
@Suite("newsboat urls file")
struct NewsboatURLsTests {
    @Test func urlsTitlesAndTags() throws {
        let list = NewsboatURLs.parse(
            """
            # comment
            https://example.com/a.xml tech "linux news" "~Alpha \\"Weekly\\"" ! tech

            \thttps://example.com/b.xml\r
            https://example.com/c.xml "~"
            """)
        #expect(
            list.feeds == [
                FeedToAdd(url: URL(string: "https://example.com/a.xml")!, title: "Alpha \"Weekly\"", group: "tech", tags: ["tech", "linux news"]),
                FeedToAdd(url: URL(string: "https://example.com/b.xml")!),
                FeedToAdd(url: URL(string: "https://example.com/c.xml")!),
            ])
        #expect(list.skipped.isEmpty)
    }

    /// A tag holding `/` is one folder: its slash escaped as the OPML group rules write it (issue 28).
    @Test func aTagWithASlashIsOneFolder() throws {
        let list = NewsboatURLs.parse("https://example.com/a.xml news/tech\n")
        let group = try #require(list.feeds.first?.group)
        #expect(group == #"news\/tech"#)
        #expect(GroupPath.folders(group) == ["news/tech"])
        #expect(list.feeds.first?.tags == ["news/tech"])
    }

    @Test func untranslatableQueriesProgramsFiltersAndOtherSchemesAreSkippedWithTheirReason() {
        let list = NewsboatURLs.parse(
            """
            "query:Unread Articles:feedtitle = \\"x\\""
            "exec:~/bin/feed"
            "filter:~/bin/f:https://example.com/f.xml" tag
            file:///home/me/feed.xml
            ftp://example.com/feed
            """)
        #expect(list.feeds.isEmpty)
        #expect(list.skipped.map(\.line) == [1, 2, 3, 4, 5])
        #expect(list.skipped[0].entry == "query:Unread Articles:feedtitle = \"x\"")
        #expect(list.skipped[0].reason == "a query feed with no exact translation: the attribute \"feedtitle\" has no exact equivalent")
        #expect(list.skipped[1].reason.contains("exec:"))
        #expect(list.skipped[2].reason.contains("filter:"))
        #expect(list.skipped[3].reason == "not an http or https URL")
    }

    /// Query feeds whose meaning Headlines' filters keep exactly are translated; each translation parses.
    @Test(arguments: [
        ("unread = \"yes\"", "unread"),
        ("tags # \"linux\" and unread = \"yes\"", "tag = \"linux\" and unread"),
        ("( title =~ \"rust|go\" or author = \"Ann\" ) and age <= 3", "( title =~ \"rust|go\" or author = \"Ann\" ) and age < 4"),
        ("tags !# \"sport\" and unread != \"yes\"", "tag != \"sport\" and not unread"),
    ])
    func queriesAreTranslated(newsboat: String, headlines: String) throws {
        let list = NewsboatURLs.parse("\"query:Mine:" + newsboat.replacing("\"", with: "\\\"") + "\"")
        #expect(list.skipped == [])
        #expect(list.queries == [NewsboatQuery.Translation(name: "Mine", filter: headlines, line: 1)])
        _ = try ArticleFilter(headlines)
    }

    @Test(arguments: [
        ("content =~ \"x\"", "the attribute \"content\" has no exact equivalent"),
        ("title !~ \"x\"", "title !~ has no exact equivalent"),
        ("title between 1:2", "title between has no exact equivalent"),
        ("unread = \"yes\" and title =", "the condition \"title\" is incomplete"),
    ])
    func inexactQueriesAreSkipped(newsboat: String, reason: String) {
        let list = NewsboatURLs.parse("\"query:Mine:" + newsboat.replacing("\"", with: "\\\"") + "\"")
        #expect(list.queries.isEmpty)
        #expect(list.skipped.map(\.reason) == ["a query feed with no exact translation: " + reason])
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
