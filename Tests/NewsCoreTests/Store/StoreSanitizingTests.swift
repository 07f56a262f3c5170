import Foundation
@testable import NewsCore
import Testing

/// The file is trusted no more than the network: text edited into it by hand comes back clean.
@Suite struct StoreSanitizingTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Evil\u{9B}31m\u{202E} text\r\n\u{0}"

    init() throws { sandbox = try StoreSandbox() }

    func isClean(_ text: String?) -> Bool {
        guard let text else { return true }
        return Sanitizer.clean(text) == text && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    func expectClean(_ stored: StoredArticle, sourceLocation: SourceLocation = #_sourceLocation) {
        let article = stored.article
        for (name, text) in [
            ("title", article.title), ("source", article.sourceName), ("author", article.author),
            ("description", article.description), ("content", article.content), ("guid", article.guid),
        ] {
            #expect(isClean(text), "\(name): \(String(reflecting: text))", sourceLocation: sourceLocation)
        }
    }

    @Test func textEditedIntoTheFileComesBackClean() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: feed, validators: HTTPValidators(etag: "\"v\""))
        let first = try #require(try await store.all(.all).first)
        try await store.setStarred(true, for: first.id)
        let db = try sandbox.rawConnection()
        for column in ["title", "source_name", "author", "guid"] {
            try db.run("UPDATE article SET \(column) = ? || \(column) || ?", Self.hostile, Self.hostile)
        }
        for column in ["summary", "content"] {
            try db.run("UPDATE article_body SET \(column) = ? || coalesce(\(column), '') || ?", Self.hostile, Self.hostile)
        }
        try db.run("UPDATE source SET title = ?, error = ?, outcome = 'failed', etag = ?", Self.hostile, Self.hostile, Self.hostile)

        for stored in try await store.all(.all) + store.all(.starred) + store.search("evil") {
            expectClean(stored)
            #expect(stored.article.title.hasPrefix("Evil text"), "\(stored.article.title)")
        }
        expectClean(try #require(try await store.article(first.id)))
        #expect(try await store.search("evil").count == 3, "found, and clean, like every other list")
        let summary = try #require(try await store.sources().first)
        #expect(isClean(summary.title) && summary.title == "Evil text")
        #expect(summary.refresh.outcome == .failed("Evil text"))
        #expect(summary.refresh.validators.etag == "Evil text")
    }

    @Test func linksEditedIntoTheFileAreCheckedAgain() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...3), into: feed)
        let db = try sandbox.rawConnection()
        try db.run("UPDATE article SET url = 'javascript:alert(1)' WHERE title = 'Article 1'")
        try db.run("UPDATE article SET image_url = 'file:///etc/shadow' WHERE title = 'Article 2'")
        try db.run("UPDATE article SET published = 'not a date', first_seen = 1e999 WHERE title = 'Article 3'")
        try db.run("UPDATE saved_image SET path = 'x'")

        let stored = try await store.all(.all)
        #expect(stored.map(\.article.title) == ["Article 3", "Article 2"], "an article without a usable link is left out")
        #expect(stored[1].article.imageURL == nil)
        #expect(stored[0].article.publishedAt == nil)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() async throws {
        let store = try await sandbox.open()
        try await store.merge(StoreFixtures.edition(1...1), into: feed)
        try sandbox.rawConnection().run("UPDATE article SET title = CAST(X'41FF1B5B324A42' AS TEXT)")
        #expect(try await store.all(.all).map(\.article.title) == ["A\u{FFFD}B"])
    }

    /// Text is stored clean even when a caller hands over an article that skipped the decoders.
    @Test func textIsStoredClean() async throws {
        let store = try await sandbox.open()
        try await store.merge(
            Edition(
                articles: [
                    Article(
                        sourceName: Self.hostile, author: Self.hostile, title: "Title " + Self.hostile,
                        description: Self.hostile, url: URL(string: "https://example.com/x")!, content: Self.hostile,
                        guid: "id" + Self.hostile)
                ], title: Self.hostile), into: feed)
        let db = try sandbox.rawConnection()
        for column in ["title", "source_name", "author", "b.summary", "b.content", "guid", "identity"] {
            let value = try db.text("SELECT \(column) FROM article LEFT JOIN article_body b ON b.article_id = article.id")
            #expect(isClean(value), "\(column): \(String(reflecting: value))")
        }
        #expect(isClean(try db.text("SELECT title FROM source")))
    }

    /// The full text keeps its line breaks; like a body fresh from the network, whoever draws it
    /// converts it (the HTML-to-text code sanitises its output). It comes back capped.
    @Test func bodiesComeBackAsStoredAndCapped() async throws {
        let store = try await sandbox.open()
        let text = "Line one\nLine two\n\n  indented"
        try await store.merge(Edition(articles: [StoreFixtures.article(1, body: .text(text))]), into: feed)
        #expect(try await store.all(.all).first?.article.body == .text(text))
        try sandbox.rawConnection().run("UPDATE article_body SET body = ?", String(repeating: "x", count: TextLimits.body + 10))
        guard case .text(let long)? = try await store.all(.all).first?.article.body else {
            Issue.record("no body")
            return
        }
        #expect(long.count == TextLimits.body)
        try sandbox.rawConnection().run("UPDATE article_body SET body_kind = 'evil'")
        #expect(try await store.all(.all).first?.article.body == nil)
    }
}
