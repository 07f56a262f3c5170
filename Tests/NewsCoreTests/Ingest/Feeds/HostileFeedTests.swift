import Foundation
import Testing
import TestSupport
@testable import NewsCore

/// Feeds written to hurt: entity expansion, external entities, cut-off documents, web pages,
/// controls and terminal escape sequences in every field.
@Suite("Hostile feeds")
struct HostileFeedTests {
    static let entityRefusal = NewsError.invalidDocument(XMLPreparation.entityRefusal)

    /// "Billion laughs": ten levels of ten references, 10^9 "lol"s if expanded.
    static let billionLaughs: String = {
        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE rss [", "<!ENTITY lol0 \"lol\">"]
        for level in 1...9 {
            lines.append("<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">")
        }
        lines.append("]><rss><channel><item><title>&lol9;</title><link>https://b.example/</link></item></channel></rss>")
        return lines.joined(separator: "\n")
    }()

    /// Quadratic blow-up: one 50 KB entity referenced 50,000 times (2.5 GB if expanded).
    static let quadraticBlowup =
        "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY a \"" + String(repeating: "x", count: 50_000)
        + "\">]><rss><channel><item><title>" + String(repeating: "&a;", count: 50_000)
        + "</title><link>https://q.example/</link></item></channel></rss>"

    @Test(arguments: [
        ("billion laughs", billionLaughs),
        ("quadratic blow-up", quadraticBlowup),
        ("a parameter entity", "<!DOCTYPE rss [<!ENTITY % p \"<!ENTITY x 'y'>\"> %p;]><rss><channel/></rss>"),
        ("an entity in lower case", "<!doctype rss [<!entity x \"y\">]><rss><channel/></rss>"),
        ("an entity declared outside a DOCTYPE", "<rss><channel><!ENTITY x \"y\"></channel></rss>"),
        ("an entity after a comment and a BOM", "\u{FEFF}<!-- hi --><!DOCTYPE rss [ <!-- ] --> <!ENTITY x \"y\"> ]><rss/>"),
    ])
    func entityDeclarationsAreRefused(name: String, document: String) {
        // Refused before any expansion: the parser never sees the declarations.
        #expect(FeedTesting.error { try FeedTesting.decode(document) } == Self.entityRefusal, "\(name)")
    }

    @Test func theRefusalReadsAsOneSentence() {
        #expect(
            Self.entityRefusal.message
                == "The response could not be read: it declares its own XML entities, which feeds never need and which can hide an attack.")
    }

    @Test func externalEntitiesAndDTDsAreNeverRead() throws {
        let folder = try TemporaryFolder("feeds-xxe")
        let secret = try folder.write(Data("TOP-SECRET-42".utf8), to: "secret.txt")
        let dtd = try folder.write(Data("<!ENTITY leak SYSTEM \"\(secret.absoluteString)\">".utf8), to: "evil.dtd")

        // A SYSTEM entity in the internal subset: refused outright.
        let declared =
            "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY leak SYSTEM \"\(secret.absoluteString)\">]>"
            + "<rss><channel><item><title>&leak;</title><link>https://x.example/</link></item></channel></rss>"
        #expect(FeedTesting.error { try FeedTesting.decode(declared) } == Self.entityRefusal)

        // An external DTD that would declare it: the DOCTYPE is dropped, so `&leak;` stays text.
        let external =
            "<?xml version=\"1.0\"?><!DOCTYPE rss SYSTEM \"\(dtd.absoluteString)\">"
            + "<rss><channel><title>&leak;</title><item><title>&leak;</title><link>https://x.example/</link></item></channel></rss>"
        let edition = try FeedTesting.decode(external)
        #expect(edition.articles.map(\.title) == ["&leak;"])
        #expect(!FeedTesting.texts(edition).contains { $0.contains("TOP-SECRET") })
    }

    // MARK: - Cut off

    static let threeItems = FeedTesting.rss(
        item: """
            <title>One</title><link>https://c.example/1</link></item>
            <item><title>Two</title><link>https://c.example/2</link></item>
            <item><title>Three</title><link>https://c.example/3</link>
            """)

    @Test(arguments: [
        ("inside the third item's title", "<title>Thr", 2),
        // Everything of the third item arrived but its end tag: the parser closes it, and it counts.
        ("inside the third item's end tag", "</ite", 3),
        ("between items", "<item><title>Three", 2),
        ("inside the second item", "<item><title>Two</title><li", 1),
    ])
    func cutOffFeedsKeepTheCompleteItems(name: String, cutAfter marker: String, complete: Int) throws {
        let document = Self.threeItems
        let end = try #require(document.range(of: marker, options: .backwards)).upperBound
        let edition = try FeedTesting.decode(String(document[..<end]))
        #expect(edition.articles.map(\.title) == Array(["One", "Two", "Three"].prefix(complete)), "\(name)")
        #expect(edition.notes == [FeedNotes.cutOff(shown: complete)], "\(name)")
    }

    @Test func theCutOffNoteReads() {
        #expect(FeedNotes.cutOff(shown: 12) == "The feed was cut off; the 12 complete items before the cut are shown.")
        #expect(FeedNotes.cutOff(shown: 1) == "The feed was cut off; the 1 complete item before the cut is shown.")
    }

    @Test(arguments: ["<rss><channel><title>Cut", "<rss><channel><item><title>Only</title><link>https://c.example/1</li", "<?xml version=\"1.0\"?><rss><chan"])
    func aFeedCutBeforeItsFirstItemIsAnError(document: String) {
        #expect(
            FeedTesting.error { try FeedTesting.decode(document) }
                == .invalidDocument("the feed was cut off before its first complete item"))
    }

    @Test func aFeedOfCountlessItemsIsReadUpToTheLimit() throws {
        let items = (1...5).map { "<item><title>\($0)</title><link>https://l.example/\($0)</link></item>" }.joined()
        let xml = try XMLFeedDecoder.decode(
            Data("<rss><channel>\(items)</channel></rss>".utf8), baseURL: nil, contentType: nil, maximumItems: 3)
        #expect(xml.articles.map(\.title) == ["1", "2", "3"])
        #expect(xml.notes == [FeedNotes.itemLimit(3)])
        #expect(FeedNotes.itemLimit(100_000) == "The feed is longer than Headlines reads; its first 100000 items are shown.")

        let entries = (1...5).map { #"{"id":"\#($0)","url":"https://l.example/\#($0)","title":"\#($0)"}"# }.joined(separator: ",")
        let root = try JSONParser.parse(Data(#"{"version":"https://jsonfeed.org/version/1.1","items":[\#(entries)]}"#.utf8))
        let json = try JSONFeedDecoder.decode(root, baseURL: nil, maximumItems: 3)
        #expect(json.articles.map(\.title) == ["1", "2", "3"])
        #expect(json.notes == [FeedNotes.itemLimit(3)])
    }

    // MARK: - Not feeds

    @Test(arguments: [
        "<!DOCTYPE html><html><head><title>Sign in to the Wi-Fi</title></head><body>portal</body></html>",
        "<html lang=\"en\"><body><p>Hello</p></body></html>",
        "\n\n<!-- generated --><head><meta charset=\"utf-8\"></head><body>Bare</body>",
    ])
    func aWebPageServedAsAFeedSaysSo(page: String) {
        let error = FeedTesting.error { try FeedTesting.decode(page, contentType: "application/rss+xml") }
        #expect(error == .invalidDocument(FeedDiscovery.noFeedReason))
        #expect(error?.message == "The response could not be read: it is a web page with no feed link.")
    }

    @Test func deepNestingIsBounded() throws {
        // libxml2 refuses depth past 256 on its own; the items before still come through.
        let deep = String(repeating: "<x>", count: 100_000)
        let document = FeedTesting.rss(item: "<title>Kept</title><link>https://d.example/1</link></item><item>\(deep)")
        let edition = try FeedTesting.decode(document)
        #expect(edition.articles.map(\.title) == ["Kept"])
        #expect(edition.notes == [FeedNotes.cutOff(shown: 1)])
    }
}
