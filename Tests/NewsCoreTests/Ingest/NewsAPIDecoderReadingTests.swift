import Foundation
import Testing
@testable import NewsCore

/// `NewsAPIDecoder` reads a document front to back without building its tree: it must refuse
/// exactly what `JSONParser.parse` refuses, at the same byte, and read repeated and misplaced
/// members as a tree of the document would hold them.
@Suite("NewsAPIDecoder reading front to back")
struct NewsAPIDecoderReadingTests {
    private static let response = #"""
        {"status":"ok","totalResults":2,"articles":[
          {"source":{"id":"bbc-news","name":"BBC \u00e9"},"author":"Jane","title":"One \"quoted\"",
           "description":null,"url":"https://a.example/1","urlToImage":"https://a.example/1.jpg",
           "publishedAt":"2024-08-29T06:37:13Z","content":"x","extra":[1,2.5e3,{"deep":[true,false,null]}]},
          42, "text", [], {},
          {"source":"Bare","title":"Two","url":"https://a.example/2"}
        ]}
        """#

    /// What the tree parse says of `bytes`: nil when it is valid JSON.
    private func treeVerdict(_ bytes: [UInt8]) -> NewsError? {
        thrown { _ = try NewsAPIDecoder.parse(Data(bytes)) }
    }

    private func isSyntaxVerdict(_ error: NewsError?) -> Bool {
        guard case .invalidDocument(let reason) = error else { return false }
        return reason.hasPrefix("it is not valid JSON") || reason.contains("nested more than")
    }

    @Test func theWholeResponseReads() throws {
        let edition = try NewsAPIDecoder.decode(Data(Self.response.utf8))
        #expect(edition.articles.map(\.title) == ["One \"quoted\"", "Two"])
        #expect(edition.articles.map(\.sourceName) == ["BBC é", "Bare"])
        #expect(edition.skipped == 4)
        #expect(edition.totalResults == 2)
    }

    /// Every prefix of a response is broken JSON, and is called so at the byte the tree parse names.
    @Test func everyTruncationIsRefusedAtTheSameByte() {
        let bytes = Array(Self.response.utf8)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            let expected = treeVerdict(prefix)
            let actual = thrown { _ = try NewsAPIDecoder.decode(Data(prefix)) }
            #expect(actual == expected, "a response cut at byte \(length)")
        }
    }

    /// Each byte of a response replaced by each of the characters JSON's grammar turns on: where
    /// the tree parse refuses the result, the reading refuses it with the same words; where the
    /// tree parse takes it, the reading never calls it invalid JSON.
    @Test func everyOneByteChangeIsJudgedAsTheTreeParseJudgesIt() {
        let bytes = Array(Self.response.utf8)
        let replacements = Array("{}[]\",:\\ 0-e.tn\u{01}".utf8)
        for position in bytes.indices {
            for replacement in replacements where replacement != bytes[position] {
                var changed = bytes
                changed[position] = replacement
                let expected = treeVerdict(changed)
                let actual = thrown { _ = try NewsAPIDecoder.decode(Data(changed)) }
                if expected != nil {
                    #expect(actual == expected, "byte \(position) made \(Character(Unicode.Scalar(replacement)))")
                } else {
                    #expect(!isSyntaxVerdict(actual), "byte \(position) made \(Character(Unicode.Scalar(replacement)))")
                }
            }
        }
    }

    @Test func nestingPastTheLimitInsideAnArticleIsNamedAsSuch() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let text = #"{"articles":[{"url":"https://a.example/1","extra":\#(deep)}]}"#
        #expect(
            thrown { _ = try NewsAPIDecoder.decode(Data(text.utf8)) }
                == .invalidDocument("it is not a news document (its JSON is nested more than 256 levels deep)"))
    }

    @Test func theLastListOfArticlesCounts() throws {
        let later = #"{"articles":{"not":"a list"},"articles":[{"url":"https://a.example/1"}]}"#
        #expect(try NewsAPIDecoder.decode(Data(later.utf8)).articles.count == 1)
        let replaced = #"{"articles":[{"url":"https://a.example/1"}],"articles":null}"#
        #expect(
            thrown { _ = try NewsAPIDecoder.decode(Data(replaced.utf8)) }
                == .invalidDocument("it is not a news document (its JSON object has no list of articles)"))
        let twice = #"{"articles":[42,{"url":"https://a.example/1"}],"articles":[{"url":"https://a.example/2"}]}"#
        let edition = try NewsAPIDecoder.decode(Data(twice.utf8))
        #expect(edition.articles.map(\.url?.absoluteString) == ["https://a.example/2"])
        #expect(edition.skipped == 0)
    }

    @Test func anErrorStatusAfterTheArticlesIsStillTheAPIsError() {
        let text = #"{"articles":[{"url":"https://a.example/1"}],"code":429,"message":"Too many","status":"error"}"#
        #expect(thrown { _ = try NewsAPIDecoder.decode(Data(text.utf8)) } == .api(code: "429", message: "Too many"))
    }

    @Test func aSourceNameIsTheLastOneGiven() throws {
        let text =
            #"{"articles":[{"url":"https://a.example/1","source":{"name":"A","name":"B"},"source":{"id":"x"}},"#
            + #"{"url":"https://a.example/2","source":{"name":7}},{"url":"https://a.example/3","source":{"name":"C","id":{"n":[1]}}}]}"#
        let edition = try NewsAPIDecoder.decode(Data(text.utf8))
        #expect(edition.articles.map(\.sourceName) == [nil, nil, "C"])
    }

    /// A JSON Feed is told by its `version`, wherever that member stands, and read as one.
    @Test(arguments: [
        #"{"version":"https://jsonfeed.org/version/1.1","title":"F","items":[{"id":"1","url":"https://a.example/1","title":"Item"}]}"#,
        #"{"title":"F","items":[{"id":"1","url":"https://a.example/1","title":"Item"}],"version":"https://jsonfeed.org/version/1"}"#,
    ])
    func jsonFeedsAreToldByTheirVersion(_ text: String) throws {
        let edition = try DocumentDecoder.decode(Data(text.utf8), baseURL: nil)
        #expect(edition.articles.map(\.title) == ["Item"])
        #expect(
            thrown { _ = try NewsAPIDecoder.decode(Data(text.utf8)) }
                == .invalidDocument("it is not a news document (its JSON object has no list of articles)"))
    }

    @Test func aBrokenJSONFeedIsCalledBrokenJSON() {
        let text = #"{"version":"https://jsonfeed.org/version/1.1","items":[}"#
        #expect(
            thrown { _ = try DocumentDecoder.decode(Data(text.utf8), baseURL: nil) }
                == .invalidDocument("it is not valid JSON (unexpected character at byte \(text.utf8.count - 1))"))
    }
}
