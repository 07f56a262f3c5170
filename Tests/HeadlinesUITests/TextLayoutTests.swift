import Testing
@testable import HeadlinesUI
import NewsCore

@Suite("TextLayout")
struct TextLayoutTests {
    static let samples = [
        "plain ASCII text that is long enough",
        "東京で大規模な祭りが開催されました",
        "Mixed 漢字 and emoji 🚀👍🏽🇫🇷 ❤️ family 👨‍👩‍👧 end",
        "café\u{0301} naïve e\u{0301}e\u{0301}e\u{0301}",
        "a",
        "",
        "漢a漢a漢a漢a",
    ]

    @Test("truncate never exceeds the columns and ends in … exactly when cut", arguments: samples)
    func truncateBounds(_ text: String) {
        let full = TextWidth.of(text)
        #expect(TextLayout.truncate(text, to: 0) == "")
        for columns in 1...40 {
            let cut = TextLayout.truncate(text, to: columns)
            #expect(TextWidth.of(cut) <= columns, "\(columns) columns: \(cut)")
            if full <= columns {
                #expect(cut == text)
            } else {
                #expect(cut.last == "…", "\(columns) columns: \(cut)")
                // The text before the ellipsis is a prefix of whole graphemes.
                let kept = cut.dropLast()
                #expect(text.starts(with: kept), "\(columns): \(cut)")
                // Nothing more could have been kept: the next grapheme would not fit.
                let next = text[text.index(text.startIndex, offsetBy: kept.count)]
                #expect(TextWidth.of(String(kept)) + TextWidth.of(next) + 1 > columns, "\(columns): \(cut)")
            }
        }
    }

    @Test("truncate keeps text that fits and cuts ASCII with an ellipsis")
    func truncateASCII() {
        #expect(TextLayout.truncate("hello", to: 5) == "hello")
        #expect(TextLayout.truncate("hello", to: 10) == "hello")
        #expect(TextLayout.truncate("hello!", to: 5) == "hell…")
        #expect(TextLayout.truncate("hello", to: 1) == "…")
        #expect(TextLayout.truncate("hello", to: 0) == "")
        #expect(TextLayout.truncate("hello", to: -3) == "")
    }

    @Test("a wide character that does not fit gives way to the ellipsis, leaving a column free")
    func truncateWide() {
        #expect(TextLayout.truncate("漢字漢字", to: 8) == "漢字漢字")
        #expect(TextLayout.truncate("漢字漢字", to: 7) == "漢字漢…")
        #expect(TextLayout.truncate("漢字漢字", to: 6) == "漢字…")  // 5 columns: one free
        #expect(TextWidth.of(TextLayout.truncate("漢字漢字", to: 6)) == 5)
        #expect(TextLayout.truncate("漢字", to: 1) == "…")
        #expect(TextLayout.truncate("漢字", to: 2) == "…")
        #expect(TextLayout.truncate("ab漢", to: 3) == "ab…")
    }

    @Test("truncate never splits a grapheme")
    func truncateGraphemes() {
        #expect(TextLayout.truncate("👨‍👩‍👧👨‍👩‍👧", to: 3) == "👨‍👩‍👧…")
        #expect(TextLayout.truncate("🇫🇷🇩🇪🇮🇹", to: 5) == "🇫🇷🇩🇪…")
        #expect(TextLayout.truncate("e\u{0301}e\u{0301}e\u{0301}", to: 2) == "e\u{0301}…")
        #expect(TextLayout.truncate("👍🏽x", to: 2) == "…")
        #expect(TextLayout.truncate("👍🏽x", to: 3) == "👍🏽x")
    }

    @Test("pad gives exactly the columns", arguments: samples)
    func padExact(_ text: String) {
        for columns in 0...40 {
            let line = TextLayout.pad(text, to: columns)
            #expect(TextWidth.of(line) == columns, "\(columns): \(line)")
        }
    }

    @Test("pad fills with spaces or cuts")
    func padValues() {
        #expect(TextLayout.pad("ab", to: 5) == "ab   ")
        #expect(TextLayout.pad("漢", to: 3) == "漢 ")
        #expect(TextLayout.pad("abcdef", to: 4) == "abc…")
        #expect(TextLayout.pad("漢字漢", to: 4) == "漢… ")
        #expect(TextLayout.pad("", to: 0) == "")
    }

    @Test("wrap breaks between words")
    func wrapWords() {
        #expect(
            TextLayout.wrap("the quick brown fox jumps over the lazy dog", to: 10)
                == ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(TextLayout.wrap("one  two   three", to: 20) == ["one two three"])
        #expect(TextLayout.wrap("exactly ten", to: 11) == ["exactly ten"])
        #expect(TextLayout.wrap("", to: 10) == [""])
        #expect(TextLayout.wrap("anything", to: 0) == [])
    }

    @Test("wrap breaks a word longer than the line at character boundaries")
    func wrapLongWords() {
        #expect(TextLayout.wrap("a verylongword", to: 5) == ["a", "veryl", "ongwo", "rd"])
        #expect(TextLayout.wrap("abcdef", to: 3) == ["abc", "def"])
        #expect(TextLayout.wrap("https://news.example/a/b/c", to: 10) == ["https://ne", "ws.example", "/a/b/c"])
    }

    @Test("wrap handles CJK and emoji by columns")
    func wrapWide() {
        #expect(TextLayout.wrap("漢字漢字漢字", to: 5) == ["漢字", "漢字", "漢字"])
        #expect(TextLayout.wrap("Hello 世界 again", to: 8) == ["Hello", "世界", "again"])
        #expect(TextLayout.wrap("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", to: 3) == ["👨‍👩‍👧", "👨‍👩‍👧", "👨‍👩‍👧"])
        #expect(TextLayout.wrap("🚀 🚀 🚀", to: 5) == ["🚀 🚀", "🚀"])
    }

    @Test("wrap at width 1: one character a line; a wide character still gets its own line")
    func wrapWidthOne() {
        #expect(TextLayout.wrap("ab cd", to: 1) == ["a", "b", "c", "d"])
        #expect(TextLayout.wrap("漢字", to: 1) == ["漢", "字"])
        #expect(TextLayout.wrap("a漢b", to: 1) == ["a", "漢", "b"])
    }

    @Test("wrapped lines fit and keep every word", arguments: samples)
    func wrapProperties(_ text: String) {
        for columns in 2...30 {
            let lines = TextLayout.wrap(text, to: columns)
            for line in lines { #expect(TextWidth.of(line) <= columns, "\(columns): \(line)") }
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "\(columns)")
        }
    }
}
