import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// A synced article's picture reaches the cache: a TT-RSS headline and a Fever item, served over
/// real HTTP on 127.0.0.1 and synced by the real clients and engine, are stored with the picture
/// the normaliser found (TT-RSS's `flavor_image`, else the first `<img>` of the content; Fever's
/// first `<img>`), so that the lists and the article screen can show it.
@Suite("Synced pictures")
struct SyncedPictureTests {
    static let name = "Home"
    let http = HTTPClient(timeout: 10, deadline: 30)

    /// Syncs `client` into a fresh cache; the stored article of each of `ids`, by server id.
    private func synced(_ client: any SyncClient, _ ids: [Int64]) async throws -> [StoredArticle] {
        let folder = try TemporaryFolder("pictures")
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let report = try await SyncEngine(server: Self.name, client: client, store: store).sync()
        #expect(report.newArticles == ids.count)
        var articles: [StoredArticle] = []
        for id in ids {
            let stored = try #require(try await store.articleID(server: Self.name, remote: RemoteArticleID(id)))
            articles.append(try #require(try await store.article(stored)))
        }
        return articles
    }

    @Test func aTinyTinyRSSHeadlinesPictureIsStored() async throws {
        let server = try LoopbackServer()
        let headlines = [
            #"{"id":1,"feed_id":1,"feed_title":"Feed","title":"Flavoured","link":"https://news.example/1","unread":true,"marked":false,"updated":1700000000,"flavor_image":"https://pictures.example/big.jpg","content":"<p><img src=\"https://pictures.example/small.png\"></p>"}"#,
            #"{"id":2,"feed_id":1,"feed_title":"Feed","title":"In the text","link":"https://news.example/2","unread":true,"marked":false,"updated":1700000001,"flavor_image":"","content":"<p>Text</p><img src=\"https://pictures.example/photo.jpg\">"}"#,
        ]
        server.respond("/api/") { request in
            let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
            func answer(_ content: String) -> ScriptedResponse { .json(#"{"seq":0,"status":0,"content":\#(content)}"#) }
            switch object["op"] as? String ?? "" {
            case "login": return answer(#"{"session_id":"s","api_level":15}"#)
            case "getCategories", "getCounters": return answer("[]")
            case "getFeeds": return answer(#"[{"id":1,"title":"Feed","unread":2,"cat_id":0}]"#)
            case "getHeadlines", "getArticle":
                return answer((object["skip"] as? Int ?? 0) == 0 ? "[" + headlines.joined(separator: ",") + "]" : "[]")
            default: return answer("{}")
            }
        }
        let client = TinyTinyRSSClient(name: Self.name, url: server.url("/"), user: "u", password: "p", http: http)
        let articles = try await synced(client, [1, 2])
        #expect(articles.map { $0.article.imageURL?.absoluteString } == ["https://pictures.example/big.jpg", "https://pictures.example/photo.jpg"])
        #expect(articles.map(\.article.title) == ["Flavoured", "In the text"])
    }

    @Test func aFeverItemsPictureIsStored() async throws {
        let server = try LoopbackServer()
        server.respond("/fever/") { request in
            let parts = (request.query ?? "").split(separator: "&")
            let command = parts.count > 1 ? String(parts[1].split(separator: "=")[0]) : "mark"
            let auth = #""api_version":3,"auth":1"#
            switch command {
            case "groups": return .json(#"{\#(auth),"groups":[],"feeds_groups":[]}"#)
            case "feeds": return .json(#"{\#(auth),"feeds":[{"id":1,"title":"Feed","url":"https://news.example/feed"}]}"#)
            case "unread_item_ids": return .json(#"{\#(auth),"unread_item_ids":"1"}"#)
            case "saved_item_ids": return .json(#"{\#(auth),"saved_item_ids":""}"#)
            case "items":
                let wanted = parts.contains { $0.hasPrefix("with_ids=") && $0.dropFirst(9).split(separator: ",").contains("1") }
                let item =
                    #"{"id":1,"feed_id":1,"title":"Pictured","url":"https://news.example/1","html":"<p>Hi</p><img src=\"https://pictures.example/a.jpg\"><img src=\"https://pictures.example/b.jpg\">","is_read":0,"is_saved":0,"created_on_time":1700000000}"#
                return .json(#"{\#(auth),"items":[\#(wanted ? item : "")]}"#)
            default: return .json("{\(auth)}")
            }
        }
        let client = FeverClient(name: Self.name, url: server.url("/fever/"), user: "u", password: "p", http: http)
        let articles = try await synced(client, [1])
        #expect(articles.first?.article.imageURL?.absoluteString == "https://pictures.example/a.jpg")
        #expect(articles.first?.article.sourceName == "Feed")
    }
}
