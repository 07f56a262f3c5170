import Foundation
import Testing
@testable import NewsCore

/// Query feeds, kill rules and `max-items` in the config file.
@Suite("Config filters")
struct ConfigFilterTests {
    @Test func queriesKillRulesAndItemLimits() throws {
        let config = try ConfigFixture.parse(
            """
            ignore = title ~ "sponsored"
            max-items = 50

            [source "LWN"]
            url = https://lwn.net/headlines/rss
            tags = linux, kernel
            ignore = author = "Bot"
            max-items = 200

            [query "Unread Linux"]
            filter = tag = "linux" and unread

            [source "BBC"]
            url = https://feeds.bbci.co.uk/news/rss.xml
            """)
        #expect(config.settings.ignore == (try ArticleFilter("title ~ \"sponsored\"")))
        #expect(config.settings.maxItems == 50)
        #expect(config.sources.map(\.name) == ["LWN", "BBC"])
        #expect(config.sources[0].tags == ["linux", "kernel"])
        #expect(config.sources[0].ignore == (try ArticleFilter("author = \"Bot\"")))
        #expect(config.sources[0].maxItems == 200)
        #expect(config.sources[1].ignore == nil && config.sources[1].maxItems == nil)
        #expect(config.queries == [QueryConfig(name: "Unread Linux", filter: try ArticleFilter("tag = \"linux\" and unread"), line: 10)])
    }

    /// (text, line of the error, its whole reason)
    @Test(arguments: [
        ("\n\n[query \"Q\"]\nfilter = title ~", 4, #"filter: expected a value after "~" at column 8"#),
        ("ignore = unread and (title = x", 1, #"ignore: "(" has no matching ")" at column 12"#),
        ("[source \"S\"]\nurl = https://example.com/f.xml\nignore = titel ~ x", 3, #"ignore: unknown field "titel" (did you mean "title"?) at column 1"#),
        ("max-items = 0", 1, "max-items takes a whole number of articles from 1 to 1000000, not \"0\""),
        ("[query \"Q\"]\n\n[source \"S\"]\nurl = https://example.com/f.xml", 1, #"query "Q" has no filter: give filter = EXPR"#),
        ("[query \"Q\"]\nfilter = unread\nfilter = starred", 3, #"filter is given twice in query "Q""#),
        ("[query \"Q\"]\nurl = https://example.com/f.xml", 2, #"unknown query setting "url" (a query takes filter and full-text)"#),
        ("[source \"Q\"]\nurl = https://example.com/f.xml\n[query \"Q\"]\nfilter = unread", 3, #"duplicate query name "Q" (first on line 1)"#),
    ])
    func mistakesNameTheLineAndColumn(text: String, line: Int, reason: String) {
        let error = ConfigFixture.error(text)
        #expect(error?.line == line)
        #expect(error?.reason == reason)
    }

    @Test func aQueryAtTheEndOfTheFileIsKept() throws {
        let config = try ConfigFixture.parse("[query \"All unread\"]\nfilter = unread")
        #expect(config.queries.map(\.name) == ["All unread"])
    }
}
