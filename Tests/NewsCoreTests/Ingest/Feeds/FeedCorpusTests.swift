import Foundation
import Testing
@testable import NewsCore

/// Every document of the corpus decodes to exactly its expected edition.
@Suite("Feed corpus")
struct FeedCorpusTests {
    @Test(arguments: RSSCorpus.cases)
    func rss(_ feed: FeedCase) throws { try feed.check() }

    @Test(arguments: AtomCorpus.cases)
    func atom(_ feed: FeedCase) throws { try feed.check() }

    @Test(arguments: RDFCorpus.cases)
    func rdf(_ feed: FeedCase) throws { try feed.check() }

    @Test(arguments: JSONFeedCorpus.cases)
    func jsonFeed(_ feed: FeedCase) throws { try feed.check() }

    @Test(arguments: FieldCorpus.cases)
    func fields(_ feed: FeedCase) throws { try feed.check() }

    /// The same document read through the careful path (an error early on sends it there) gives
    /// the same edition as the optimistic read: the two paths agree.
    @Test(arguments: RSSCorpus.cases + AtomCorpus.cases + RDFCorpus.cases + FieldCorpus.cases)
    func carefulPathAgrees(_ feed: FeedCase) throws {
        let optimistic = try feed.decode()
        let prepared = try XMLPreparation.prepare(Data(feed.document.utf8))
        var reader = XMLFeedReader(documentURL: URL(string: feed.url))
        let isFeed = try reader.read(prepared)
        #expect(isFeed)
        let careful = ItemNormaliser.edition(from: reader.feed, feedURL: URL(string: feed.url))
        #expect(careful == optimistic)
    }

    @Test func recognisedByContentNotByLabels() throws {
        // An RSS document served as JSON, a JSON Feed served as XML: the content decides.
        let rss = try DocumentDecoder.decode(Data(RSSCorpus.newsSite.document.utf8), baseURL: nil, contentType: "application/json")
        #expect(rss.articles.count == 2)
        let json = try DocumentDecoder.decode(
            Data(JSONFeedCorpus.version10.document.utf8), baseURL: URL(string: "https://x.example/a.xml"), contentType: "text/xml")
        #expect(json.articles.map(\.url?.absoluteString) == ["https://x.example/x.html"])
    }

    @Test(arguments: ["https://jsonfeed.org/version/1", "https://jsonfeed.org/version/1.1", "http://jsonfeed.org/version/1"])
    func jsonFeedVersions(version: String) throws {
        let document = #"{"version":"\#(version)","title":"V","items":[{"id":"1","url":"https://v.example/1"}]}"#
        let edition = try FeedTesting.decode(document)
        #expect(edition.title == "V")
        #expect(edition.articles.count == 1)
    }

    @Test func newsAPIDocumentsStillDecode() throws {
        let document = #"{"status":"ok","totalResults":1,"articles":[{"title":"N","url":"https://n.example/1","version":"x"}]}"#
        let edition = try FeedTesting.decode(document)
        #expect(edition.articles.map(\.title) == ["N"])
        #expect(edition.totalResults == 1)
    }

    @Test func jsonFeedWithoutItemsIsAnError() {
        let error = FeedTesting.error { try FeedTesting.decode(#"{"version":"https://jsonfeed.org/version/1.1","title":"E"}"#) }
        #expect(error == .invalidDocument("it is a JSON Feed with no list of items"))
    }

    @Test func emptyFeedsAreEmptyEditions() throws {
        let rss = try FeedTesting.decode("<rss version=\"2.0\"><channel><title>Quiet</title></channel></rss>")
        #expect(rss.articles.isEmpty && rss.skipped == 0 && rss.title == "Quiet" && rss.notes.isEmpty)
        let atom = try FeedTesting.decode("<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Quiet</title></feed>")
        #expect(atom.articles.isEmpty && atom.title == "Quiet")
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?><opml version=\"2.0\"><body/></opml>", "it is XML but not a feed (its root element is <opml>)"),
        ("<?xml version=\"1.0\"?><!-- only a comment -->", "it is not a feed (there is no XML element in it)"),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "it is XML but not a feed (its root element is <svg>)"),
    ])
    func otherXMLIsNotAFeed(document: String, reason: String) {
        #expect(FeedTesting.error { try FeedTesting.decode(document) } == .invalidDocument(reason))
    }

    @Test func itemsKeepTheFeedsOrderAndRepeatsAreSkipped() throws {
        let items = ["c", "a", "b", "a", "d"].map { "<item><title>\($0)</title><guid>https://o.example/\($0)</guid></item>" }
        let document = "<rss><channel><title>O</title>\(items.joined())" + "<item><title>e</title><link>https://o.example/c</link></item></channel></rss>"
        let edition = try FeedTesting.decode(document)
        // The repeated GUID is one article; a different item that links to the same page is another.
        #expect(edition.articles.map(\.title) == ["c", "a", "b", "d", "e"])
        #expect(edition.skipped == 1)
    }
}
