import Foundation
import Testing
@testable import NewsCore

/// Escapes work on bytes: a `"` or `--` that a combining mark follows, or a prepended U+0600
/// precedes, is one character with its neighbour for the standard library's `contains` and
/// `replacing`, and would slip through them.
@Suite("Escaping by bytes")
struct ByteSearchTests {
    @Test func findsAndReplacesInsideCharacters() {
        let quoteAndMark = "a\"\u{301}b"
        #expect(quoteAndMark.containsBytes(of: "\""))
        let doubled = quoteAndMark.replacingBytes(of: "\"", with: "\"\"")
        #expect(doubled == "a\"\"\u{301}b")
        #expect("\u{600}--x--".replacingBytes(of: "--", with: "- -") == "\u{600}- -x- -")
        #expect("abc".replacingBytes(of: "", with: "x") == "abc")
        #expect("aaa".replacingBytes(of: "aa", with: "b") == "ba")
        #expect(!"short".containsBytes(of: "longer than it"))
    }

    @Test func logLinesEscapeAndRedactWhateverFollows() {
        let quoted = LogLine.quoteIfNeeded("x\"\u{301} y=1")
        let escapedQuote = "\\\"\u{301}"  // backslash, quote, the mark
        #expect(quoted.containsBytes(of: escapedQuote), "\(quoted)")
        let redacted = LogLine.redact("key=SECRETKEY\u{301} and \u{600}SECRETKEY", ["SECRETKEY"])
        #expect(!redacted.containsBytes(of: "SECRETKEY"), "\(redacted)")
    }

    @Test func searchQuotesAreDoubledWhateverFollows() throws {
        let text = "word\"\u{301}other"  // outside the macro: its expansion trips on a quote and a mark
        let query = try #require(SearchQuery(text))
        let quotes = query.expression.utf8.filter { $0 == UInt8(ascii: "\"") }.count
        #expect(quotes % 2 == 0, "\(query.expression)")
    }

    @Test func opmlCommentsHoldNoDoubleDashWhateverSurroundsIt() {
        for text in ["\u{600}-->", "--\u{301}", "a-\u{301}-b", "end-"] {
            let comment = XMLText.comment(text)
            #expect(!comment.containsBytes(of: "--"), "\(comment)")
            #expect(comment.utf8.last != UInt8(ascii: "-"), "\(comment)")
        }
    }
}
