import Foundation
import HeadlinesSession
import NewsCore
import Testing

@testable import HeadlinesUI

/// The `/` filter's matching: case-insensitive in every script (ASCII byte by byte, the rest
/// case folded), over title and source but never across the two, narrowing as letters are
/// typed and answering Backspace from before.
@Suite struct ListFilterTests {
    static func rows(_ headings: [(String, String?)]) -> [ListRow] {
        headings.enumerated().map { ListRow(article: Article(sourceName: $1.1, title: $1.0, url: nil), id: ArticleID(Int64($0 + 1))) }
    }

    @Test func matchesIgnoreCaseInEveryScript() {
        var filter = ListFilter(
            rows: Self.rows([
                ("Market rally", "Wire"), ("ÉCONOMIE en hausse", "Le Monde"), ("Die Straße", nil), ("選挙の結果", "NHK"), ("Quiet day", "MARKET news"),
            ]))
        #expect(filter.matches("market") == [0, 4], "title or source, any case")
        #expect(filter.matches("MARKET") == [0, 4])
        #expect(filter.matches("économie") == [1])
        #expect(filter.matches("strasse") == [2], "ß folds to ss")
        #expect(filter.matches("STRASSE") == [2])
        #expect(filter.matches("選挙") == [3])
        #expect(filter.matches("") == [0, 1, 2, 3, 4])
        #expect(filter.matches("absent").isEmpty)
    }

    @Test func aMatchNeverSpansTitleAndSource() {
        var filter = ListFilter(rows: Self.rows([("Ends with ab", "cd starts"), ("abcd", nil)]))
        #expect(filter.matches("abcd") == [1])
        #expect(filter.matches("ab cd").isEmpty)
    }

    @Test func typingNarrowsAndBackspaceAnswersFromBefore() {
        var filter = ListFilter(rows: Self.rows((0..<50).map { ("Story \($0) " + ($0 % 5 == 0 ? "walrus" : "heron"), "Feed") }))
        #expect(filter.matches("w").count == 10)
        #expect(filter.matches("wa").count == 10)
        #expect(filter.matches("wal") == Array(stride(from: 0, to: 50, by: 5)).map(Int32.init))
        #expect(filter.matches("wa").count == 10)
        #expect(filter.matches("her").count == 40)
        #expect(filter.matches("story 1").count == 11, "1 and 10 to 19")
    }

    @Test func marksChangedWinOverTheIndexAndRowsReadLater() {
        var index = HeadingIndex()
        for number in 1...4 { index.append(ArticleID(Int64(number)), isRead: number == 4, title: "Story \(number)", sourceName: nil) }
        var filter = ListFilter(index: index)
        #expect(filter.matches("story").filter(filter.isUnread) == [0, 1, 2], "the index's own marks")
        filter.setRead(true, [ArticleID(1), ArticleID(2)])
        #expect(filter.matches("story").filter(filter.isUnread) == [2])
        // A row read from the cache before the library wrote the mark still shows it read.
        filter.add([ListRow(article: Article(title: "Story 1", url: nil), id: ArticleID(1), isRead: false)])
        #expect(filter.row(ArticleID(1))?.isRead == true)
        #expect(filter.row(ArticleID(3)) == nil, "never read")
    }

    @Test func headingsGoneFromTheCacheMatchNoMore() {
        var filter = ListFilter(rows: Self.rows([("Alpha", nil), ("Alpine", nil), ("Beta", nil)]))
        #expect(filter.matches("alp") == [0, 1])
        filter.forget([ArticleID(1)])
        #expect(filter.matches("alp") == [1])
        #expect(filter.matches("") == [1, 2])
    }
}
