import Foundation
import Testing
@testable import NewsCore

/// The `NewsError` that `body` throws; nil when it throws none (or another kind).
func thrown(_ body: () throws -> Void) -> NewsError? {
    do {
        try body()
        return nil
    } catch {
        return error as? NewsError
    }
}

@Suite("NewsAPIDecoder")
struct NewsAPIDecoderTests {
    private func decode(_ json: String, baseURL: URL? = nil) throws(NewsError) -> Edition {
        try NewsAPIDecoder.decode(Data(json.utf8), baseURL: baseURL)
    }

    /// An article entry with a given URL and title.
    private func entry(_ url: String, title: String = "T") -> String {
        #"{"url":"\#(url)","title":"\#(title)"}"#
    }

    // MARK: A full response

    @Test func fullResponse() throws {
        let json = #"""
            {"status":"ok","totalResults":38,"articles":[
              {"source":{"id":"bbc-news","name":"BBC News"},"author":"Jane Doe","title":"First story",
               "description":"What happened.","url":"https://www.bbc.co.uk/news/1",
               "urlToImage":"https://ichef.bbci.co.uk/1.jpg","publishedAt":"2024-08-29T06:37:13.3966463Z",
               "content":"The whole thing… [+1234 chars]"},
              {"source":{"id":null,"name":"Reuters"},"author":null,"title":"Second story","description":null,
               "url":"https://www.reuters.com/2","urlToImage":null,"publishedAt":"2024-08-29T05:00:00Z","content":null}
            ]}
            """#
        let edition = try decode(json)
        #expect(edition.totalResults == 38)
        #expect(edition.skipped == 0)
        #expect(edition.articles.count == 2)
        let first = try #require(edition.articles.first)
        #expect(first.sourceName == "BBC News")
        #expect(first.author == "Jane Doe")
        #expect(first.title == "First story")
        #expect(first.description == "What happened.")
        #expect(first.url == URL(string: "https://www.bbc.co.uk/news/1"))
        #expect(first.imageURL == URL(string: "https://ichef.bbci.co.uk/1.jpg"))
        #expect(first.publishedAt.map { ISO8601.formatUTC($0) } == "2024-08-29T06:37:13Z")
        #expect(first.content == "The whole thing… [+1234 chars]")
        #expect(
            edition.articles[1]
                == Article(
                    sourceName: "Reuters", title: "Second story", url: URL(string: "https://www.reuters.com/2")!,
                    publishedAt: Date(timeIntervalSince1970: 1_724_907_600)
                ))
    }

    @Test func totalResultsIsOptional() throws {
        #expect(try decode(#"{"status":"ok","articles":[]}"#) == Edition(articles: [], skipped: 0, totalResults: nil))
        #expect(try decode(#"{"articles":[],"totalResults":"many"}"#).totalResults == nil)
    }

    // MARK: Lossy decoding

    @Test func badEntriesAreSkippedAndTheRestKeptInOrder() throws {
        let json = """
            {"status":"ok","articles":[
              \(entry("https://a.example/1", title: "one")),
              42,
              {"url":null,"title":"no url"},
              \(entry("javascript:alert(1)", title: "script")),
              \(entry("https://a.example/2", title: "two")),
              \(entry("not a url", title: "junk")),
              {"title":"missing url"},
              "a string",
              \(entry("ftp://a.example/f", title: "ftp")),
              \(entry("https://a.example/3", title: "three"))
            ]}
            """
        let edition = try decode(json)
        #expect(edition.articles.map(\.title) == ["one", "two", "three"])
        #expect(edition.articles.map(\.url?.absoluteString) == ["https://a.example/1", "https://a.example/2", "https://a.example/3"])
        #expect(edition.skipped == 7)
    }

    @Test func removedPlaceholdersAreDropped() throws {
        let json = """
            {"articles":[
              {"source":{"id":null,"name":"[Removed]"},"title":"[Removed]","url":"https://removed.com","publishedAt":"1970-01-01T00:00:00Z"},
              \(entry("https://a.example/kept", title: "Kept")),
              \(entry("https://a.example/other", title: "[Removed]")),
              \(entry("https://removed.com", title: "Looks real"))
            ]}
            """
        let edition = try decode(json)
        #expect(edition.articles.map(\.title) == ["Kept"])
        #expect(edition.skipped == 3)
    }

    @Test func duplicateURLsAreSkipped() throws {
        let json = """
            {"articles":[\(entry("https://a.example/1", title: "first")),\(entry("https://a.example/2")),\(entry("https://a.example/1", title: "again"))]}
            """
        let edition = try decode(json)
        #expect(edition.articles.map(\.title) == ["first", "T"])
        #expect(edition.skipped == 1)
    }

    @Test func aRepeatedMemberCountsOnceWithItsLastValue() throws {
        let json = #"{"articles":[{"title":"old","url":"https://a.example/1","title":"new"}],"articles2":[],"status":"ok"}"#
        let edition = try decode(json)
        #expect(edition.articles.map(\.title) == ["new"])
        #expect(edition.skipped == 0)
    }

    @Test func emptyStringsBecomeNilAndUnknownFieldsAreIgnored() throws {
        let json = #"""
            {"status":"ok","articles":[{"source":{"id":"","name":""},"author":"","title":"T","description":"   ",
              "url":"https://a.example/1","urlToImage":"","publishedAt":"","content":"\n",
              "extra":{"nested":[1,2,3]},"rating":5,"author2":"x"}],"unknown":true}
            """#
        let edition = try decode(json)
        #expect(edition.skipped == 0)
        #expect(edition.articles == [Article(title: "T", url: URL(string: "https://a.example/1")!)])
    }

    /// An article without a title is named as a feed's item is (the one normaliser): by its
    /// summary, else its day, else its source; never a blank row.
    @Test func aMissingTitleIsMadeAsForAFeedsItem() throws {
        let edition = try decode(
            #"""
            {"articles":[{"url":"https://a.example/1"},{"url":"https://a.example/2","title":42},
              {"url":"https://a.example/3","title":" ","description":"What happened."},
              {"url":"https://a.example/4","publishedAt":"2024-08-29T05:00:00Z"},{"url":"https://a.example/5","source":{"name":"Wire"}}]}
            """#)
        #expect(edition.articles.map(\.title) == ["Untitled", "Untitled", "What happened.", "Untitled, 29 Aug", "Untitled, Wire"])
        #expect(edition.skipped == 0)
    }

    @Test func sourceMayBeABareName() throws {
        let edition = try decode(#"{"articles":[{"url":"https://a.example/1","source":"Wire"}]}"#)
        #expect(edition.articles.first?.sourceName == "Wire")
    }

    @Test func publishedAtThatCannotBeReadLeavesTheArticleUndated() throws {
        let json = #"""
            {"articles":[{"url":"https://a.example/1"},{"url":"https://a.example/2","publishedAt":null},
              {"url":"https://a.example/3","publishedAt":"yesterday"},{"url":"https://a.example/4","publishedAt":1724913433},
              {"url":"https://a.example/5","publishedAt":"2024-02-30T00:00:00Z"},
              {"url":"https://a.example/6","publishedAt":"2024-08-29T08:37:13+02:00"}]}
            """#
        let edition = try decode(json)
        #expect(edition.skipped == 0)
        #expect(edition.articles.map(\.publishedAt) == [nil, nil, nil, nil, nil, Date(timeIntervalSince1970: 1_724_913_433)])
    }

    @Test func everyTextFieldIsSanitised() throws {
        let json = #"""
            {"articles":[{"source":{"name":"\u001b[31mBBC\u001b[0m\nNews"},"author":"  Jane\t\tDoe ",
              "title":"\u001b]0;pwned\u0007Real\u202e title","description":"line one\r\nline two",
              "content":"a\u0000b\u009b2Jc","url":"https://a.example/1"}]}
            """#
        let article = try #require(try decode(json).articles.first)
        #expect(article.sourceName == "BBC News")
        #expect(article.author == "Jane Doe")
        #expect(article.title == "Real title")
        #expect(article.description == "line one line two")
        #expect(article.content == "abc")
    }

    @Test func fieldsAreCappedInLength() throws {
        let long = String(repeating: "x", count: 5_000)
        let json = #"{"articles":[{"url":"https://a.example/1","title":"\#(long)","author":"\#(long)"}]}"#
        let article = try #require(try decode(json).articles.first)
        #expect(article.title == String(repeating: "x", count: TextLimits.title - 1) + "…")
        #expect(article.author == String(repeating: "x", count: TextLimits.name - 1) + "…")
    }

    // MARK: URLs

    @Test func relativeURLsResolveAgainstTheBase() throws {
        let json = #"{"articles":[{"url":"/story/1","urlToImage":"img/1.png"},{"url":"https://b.example/2","urlToImage":"//cdn.example/2.jpg"}]}"#
        let edition = try decode(json, baseURL: URL(string: "https://a.example/feeds/news.json"))
        #expect(edition.articles.map(\.url?.absoluteString) == ["https://a.example/story/1", "https://b.example/2"])
        #expect(edition.articles.map(\.imageURL?.absoluteString) == ["https://a.example/feeds/img/1.png", "https://cdn.example/2.jpg"])
    }

    @Test func localImagesOnlyForLocalDocuments() throws {
        let json =
            #"{"articles":[{"url":"https://a.example/1","urlToImage":"images/1.png"},{"url":"https://a.example/2","urlToImage":"file:///etc/passwd"},{"url":"https://a.example/3","urlToImage":"../pics/./3.png"}]}"#
        let local = try decode(json, baseURL: URL(fileURLWithPath: "/tmp/news/today.json"))
        #expect(local.articles.map(\.imageURL?.absoluteString) == ["file:///tmp/news/images/1.png", "file:///etc/passwd", "file:///tmp/pics/3.png"])
        #expect(local.articles.map { $0.imageURL?.isFileURL } == [true, true, true])
        let remote = try decode(json, baseURL: URL(string: "http://a.example/today.json"))
        #expect(remote.articles.map(\.imageURL?.absoluteString) == ["http://a.example/images/1.png", nil, "http://a.example/pics/3.png"])
        let noBase = try decode(json)
        #expect(noBase.articles.map(\.imageURL) == [nil, nil, nil])
    }

    @Test func articleLinksMustBeWebLinksEvenForLocalDocuments() throws {
        let json = #"{"articles":[{"url":"story.html"},{"url":"file:///etc/passwd"},{"url":"HTTPS://A.EXAMPLE/x"}]}"#
        let edition = try decode(json, baseURL: URL(fileURLWithPath: "/tmp/news/today.json"))
        #expect(edition.articles.map(\.url?.absoluteString) == ["HTTPS://A.EXAMPLE/x"])
        #expect(edition.skipped == 2)
    }

    @Test func overlongURLsAreRefused() throws {
        let long = "https://a.example/" + String(repeating: "a", count: TextLimits.url)
        let edition = try decode("{\"articles\":[\(entry(long))]}")
        #expect(edition.articles.isEmpty)
        #expect(edition.skipped == 1)
    }

    // MARK: Errors

    @Test func errorFormThrowsAPIError() {
        let json = #"{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid or incorrect."}"#
        #expect(throws: NewsError.api(code: "apiKeyInvalid", message: "Your API key is invalid or incorrect.")) { try decode(json) }
        #expect(throws: NewsError.api(code: nil, message: nil)) { try decode(#"{"status":"error","articles":[]}"#) }
        #expect(throws: NewsError.api(code: "rateLimited", message: "Slow down.")) {
            try decode(#"{"status":"error","code":"rate\u001b[0mLimited","message":" Slow\n down. "}"#)
        }
    }

    @Test func errorBodyFromData() {
        let body = Data(#"{"status":"error","code":"apiKeyMissing","message":"Your API key is missing."}"#.utf8)
        #expect(NewsAPIDecoder.errorBody(body) == .init(code: "apiKeyMissing", message: "Your API key is missing."))
        #expect(NewsAPIDecoder.errorBody(Data(#"{"status":"error","code":429}"#.utf8)) == .init(code: "429", message: nil))
        #expect(NewsAPIDecoder.errorBody(Data(#"{"status":"ok","articles":[]}"#.utf8)) == nil)
        #expect(NewsAPIDecoder.errorBody(Data("<html>502 Bad Gateway</html>".utf8)) == nil)
        #expect(NewsAPIDecoder.errorBody(Data()) == nil)
    }

    @Test func documentsThatAreNotNewsAPIResponses() {
        #expect(thrown { _ = try decode("not json") } == .invalidDocument("it is not valid JSON (unexpected character at byte 0)"))
        #expect(thrown { _ = try decode(#"{"articles":[}"#) } == .invalidDocument("it is not valid JSON (unexpected character at byte 13)"))
        #expect(thrown { _ = try decode("") } == .invalidDocument("it is not valid JSON (unexpected end of document at byte 0)"))
        #expect(thrown { _ = try decode(#"{"status":"ok"}"#) } == .invalidDocument("it is not a news document (its JSON object has no list of articles)"))
        #expect(thrown { _ = try decode(#"{"articles":{}}"#) } == .invalidDocument("it is not a news document (its JSON object has no list of articles)"))
    }

    /// Valid JSON that is not an edition is named for what it is, never "not JSON".
    @Test(arguments: [
        (#"[{"url":"https://a.example/1"}]"#, "a list"),
        ("null", "null"),
        (" 42", "a number"),
        (#""headlines""#, "a string"),
        ("true", "true"),
    ])
    func jsonThatIsNotAnEdition(_ text: String, _ kind: String) {
        let expected = NewsError.invalidDocument("it is not a news document (its JSON is \(kind), not an object with a list of articles)")
        #expect(thrown { _ = try decode(text) } == expected)
        #expect(thrown { _ = try DocumentDecoder.decode(Data(text.utf8), baseURL: nil) } == expected)
    }

    @Test func deeplyNestedJSONIsNotCalledInvalid() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(
            thrown { _ = try DocumentDecoder.decode(Data(text.utf8), baseURL: nil) }
                == .invalidDocument("it is not a news document (its JSON is nested more than 256 levels deep)"))
    }

    // MARK: DocumentDecoder

    @Test func sniff() {
        #expect(DocumentDecoder.sniff(Data(#"{"articles":[]}"#.utf8)) == .json)
        #expect(DocumentDecoder.sniff(Data([0xEF, 0xBB, 0xBF, 0x0A, 0x20, 0x09]) + Data("{}".utf8)) == .json)
        #expect(DocumentDecoder.sniff(Data("\r\n<?xml version=\"1.0\"?><rss/>".utf8)) == .xml)
        #expect(DocumentDecoder.sniff(Data("<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>".utf8)) == .html)
        #expect(throws: NewsError.invalidDocument("it is a web page with no feed link")) {
            try DocumentDecoder.decode(Data("<html>portal</html>".utf8), baseURL: nil)
        }
        #expect(DocumentDecoder.sniff(Data("<feed xmlns=\"http://www.w3.org/2005/Atom\"/>".utf8)) == .xml)
        #expect(DocumentDecoder.sniff(Data("[]".utf8)) == .json)  // JSON: the decoder names what it is
        #expect(DocumentDecoder.sniff(Data("null".utf8)) == .json)
        #expect(DocumentDecoder.sniff(Data("hello".utf8)) == .unknown)
        #expect(DocumentDecoder.sniff(Data()) == .unknown)
        #expect(DocumentDecoder.sniff(Data(repeating: 0x20, count: 600) + Data("{}".utf8)) == .unknown)  // looks at 512 bytes
    }

    @Test func documentDecoderMessages() throws {
        let emptyFeed = try DocumentDecoder.decode(Data("<?xml version=\"1.0\"?><rss></rss>".utf8), baseURL: nil)
        #expect(emptyFeed.articles.isEmpty)
        #expect(thrown { _ = try DocumentDecoder.decode(Data(), baseURL: nil) } == .invalidDocument("it is empty"))
        let notANewsDocument = NewsError.invalidDocument("it is not a feed or a news document (neither XML nor JSON)")
        #expect(thrown { _ = try DocumentDecoder.decode(Data("Hello".utf8), baseURL: nil) } == notANewsDocument)
        #expect(notANewsDocument.message == "The response could not be read: it is not a feed or a news document (neither XML nor JSON).")
        let edition = try DocumentDecoder.decode(Data(" {\"articles\":[\(entry("https://a.example/1"))]}".utf8), baseURL: nil)
        #expect(edition.articles.count == 1)
    }
}
