import Foundation
import Testing
@testable import NewsCore

/// A synced article (a TT-RSS headline, a Fever item) goes through the feed items' normaliser:
/// the same sanitising, link checks and picture as an item of a feed fetched here, and never
/// lost for a bad link or an empty title, since the server's marks go with it.
@Suite struct SyncedItemNormalisingTests {
    private func headline(_ members: String) throws -> RemoteArticle {
        let item = try JSONParser.parse(
            Array(#"{"id":7,"feed_id":3,"feed_title":"Feed","unread":true,"marked":false,"updated":1700000000"#.utf8)
                + Array((members.isEmpty ? "}" : "," + members + "}").utf8))
        return try #require(TinyTinyRSSArticle.decode(item))
    }

    private func feverItem(_ members: String) throws -> RemoteArticle {
        let item = try JSONParser.parse(
            Array(#"{"id":9,"feed_id":4,"is_read":0,"is_saved":1,"created_on_time":1700000000"#.utf8)
                + Array((members.isEmpty ? "}" : "," + members + "}").utf8))
        return try #require(FeverItem.decode(item, feedTitles: [4: "Fever feed"]))
    }

    @Test func aHeadlinesFlavorImageIsItsPicture() throws {
        let remote = try headline(
            #""title":"Pictured","link":"https://t.example/1","flavor_image":"https://t.example/big.jpg","content":"<p><img src=\"https://t.example/small.png\"></p>""#
        )
        #expect(remote.article.imageURL?.absoluteString == "https://t.example/big.jpg")
        // Ids, feed, marks and date as the server gave them.
        #expect(remote.id == RemoteArticleID(7) && remote.feed == RemoteFeedID(3))
        #expect(remote.unread && !remote.starred)
        #expect(remote.article.publishedAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(remote.article.sourceName == "Feed")
    }

    @Test func aHeadlineWithoutFlavorImageTakesTheFirstPictureOfItsContentPastATrackingPixel() throws {
        let remote = try headline(
            #""title":"Pictured","link":"https://t.example/1","flavor_image":"","content":"<img src=\"https://t.example/stat?e=1\" width=\"1\" height=\"1\"><p>Text</p><img src=\"https://t.example/photo.jpg\">""#
        )
        #expect(remote.article.imageURL?.absoluteString == "https://t.example/photo.jpg")
    }

    @Test func aFeverItemTakesTheFirstPictureOfItsHTML() throws {
        let remote = try feverItem(
            #""title":"Pictured","url":"https://f.example/1","html":"<p>Hi</p><img src=\"https://f.example/a.jpg\"><img src=\"https://f.example/b.jpg\">""#)
        #expect(remote.article.imageURL?.absoluteString == "https://f.example/a.jpg")
        #expect(remote.id == RemoteArticleID(9) && remote.feed == RemoteFeedID(4))
        #expect(remote.unread && remote.starred)
        #expect(remote.article.sourceName == "Fever feed")
    }

    @Test func aRefusedLinkIsDroppedAndTheItemKept() throws {
        let remote = try headline(
            #""title":"Kept","link":"javascript:alert(1)","content":"<p>Body</p><img src=\"https://t.example/p.jpg\">""#)
        #expect(remote.article.url == nil)
        #expect(remote.article.title == "Kept")
        // Kept whole: its body and its picture too.
        #expect(remote.article.body == .html(#"<p>Body</p><img src="https://t.example/p.jpg">"#))
        #expect(remote.article.imageURL?.absoluteString == "https://t.example/p.jpg")
        let fever = try feverItem(#""title":"Kept too","url":"javascript:alert(1)""#)
        #expect(fever.article.url == nil)
        #expect(fever.article.title == "Kept too")
    }

    /// Terminal escapes written as character references, as a feed's title may carry them: read
    /// as a feed's title is, they are decoded and then removed, never shown as "&#x1B;[31m".
    @Test func escapesInASyncedTitleAreRemovedAsInFeeds() throws {
        let title = #""title":"&#x1B;[31mBreaking&#x1B;[0m &amp; \u0007more\u001b]0;pwned\u0007""#
        #expect(try headline(title + #","link":"https://t.example/1""#).article.title == "Breaking & more")
        #expect(try feverItem(title + #","url":"https://f.example/1""#).article.title == "Breaking & more")
    }

    /// An item with nothing to show is still the server's article (its marks sync): it keeps a
    /// made title, as a feed's untitled item is named: by its day.
    @Test func anEmptyItemIsKeptUnderAMadeTitle() throws {
        let remote = try headline(#""title":"","content":"""#)
        #expect(remote.article.title == "Untitled, 14 Nov")
        let fever = try feverItem(#""title":"""#)
        #expect(fever.article.title == "Untitled, 14 Nov")
        #expect(fever.id == RemoteArticleID(9))
    }
}
