import Foundation
import Testing
@testable import NewsCore

/// One feed document of the corpus and everything it must decode to.
struct FeedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var document: String
    /// Where the feed was fetched from (the last base for relative links).
    var url = FeedCase.feedURL
    var title: String?
    var site: String?
    var skipped = 0
    var articles: [ExpectedArticle]

    var testDescription: String { name }

    static let feedURL = "https://feeds.example.com/news/feed.xml"

    func decode() throws -> Edition {
        try DocumentDecoder.decode(Data(document.utf8), baseURL: URL(string: url), contentType: "application/xml")
    }

    /// Decodes the document and checks the edition and every article, field by field.
    func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let edition = try decode()
        #expect(edition.title == title, "title", sourceLocation: sourceLocation)
        #expect(edition.siteURL?.absoluteString == site, "site", sourceLocation: sourceLocation)
        #expect(edition.skipped == skipped, "skipped", sourceLocation: sourceLocation)
        #expect(edition.notes.isEmpty, "\(edition.notes)", sourceLocation: sourceLocation)
        #expect(edition.articles.count == articles.count, "article count", sourceLocation: sourceLocation)
        for (article, expected) in zip(edition.articles, articles) {
            expected.check(article, feedTitle: title, sourceLocation: sourceLocation)
        }
    }
}

/// What one article must be; every field is compared (nil means "must be absent").
struct ExpectedArticle: Sendable {
    var title: String
    /// Nil for an article without a link.
    var url: String?
    var date: String?
    var image: String?
    var guid: String?
    var author: String?
    var description: String?
    var body: ArticleBody?

    func check(_ article: Article, feedTitle: String?, sourceLocation: SourceLocation) {
        let label = "article \(url ?? title)"
        #expect(article.title == title, "\(label): title", sourceLocation: sourceLocation)
        #expect(article.url?.absoluteString == url, "\(label): url", sourceLocation: sourceLocation)
        #expect(article.publishedAt.map(ISO8601.formatUTC) == date, "\(label): date", sourceLocation: sourceLocation)
        #expect(article.imageURL?.absoluteString == image, "\(label): image", sourceLocation: sourceLocation)
        #expect(article.guid == guid, "\(label): guid", sourceLocation: sourceLocation)
        #expect(article.author == author, "\(label): author", sourceLocation: sourceLocation)
        #expect(article.description == description, "\(label): description", sourceLocation: sourceLocation)
        #expect(article.body == body, "\(label): body", sourceLocation: sourceLocation)
        #expect(article.sourceName == feedTitle, "\(label): source name", sourceLocation: sourceLocation)
        #expect(article.content == nil, "\(label): content", sourceLocation: sourceLocation)
    }
}

enum FeedTesting {
    static let feedURL = URL(string: FeedCase.feedURL)!

    static func decode(_ text: String, contentType: String? = nil) throws(NewsError) -> Edition {
        try decode(bytes: Array(text.utf8), contentType: contentType)
    }

    static func decode(bytes: [UInt8], contentType: String? = nil) throws(NewsError) -> Edition {
        try DocumentDecoder.decode(Data(bytes), baseURL: feedURL, contentType: contentType)
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws -> Edition) -> NewsError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? NewsError
        }
    }

    /// An RSS 2.0 document whose one item holds `item` (the elements inside `<item>`).
    static func rss(item: String, channel: String = "<title>T</title><link>https://site.example/</link>") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
        <channel>\(channel)<item>\(item)</item></channel></rss>
        """
    }

    /// Every text an edition shows a person, for checks that apply to all of them.
    static func texts(_ edition: Edition) -> [String] {
        var texts = [edition.title].compactMap { $0 } + edition.notes
        for article in edition.articles {
            texts += [article.title, article.url?.absoluteString ?? ""]
            texts += [article.sourceName, article.author, article.description, article.guid, article.imageURL?.absoluteString]
                .compactMap { $0 }
        }
        return texts
    }
}
