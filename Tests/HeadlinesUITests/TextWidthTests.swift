import Testing
@testable import HeadlinesUI
import NewsCore

@Suite("TextWidth")
struct TextWidthTests {
    @Test("printable ASCII takes one column", arguments: Array(" ~aZ09!@#`{}|"))
    func ascii(_ character: Character) {
        #expect(TextWidth.of(character) == 1)
    }

    @Test("East Asian wide and fullwidth characters take two columns", arguments: ["漢", "字", "日", "한", "あ", "カ", "Ａ", "。", "𠀀"])
    func cjk(_ text: String) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        #expect(TextWidth.of(character) == 2)
    }

    @Test(
        "emoji take two columns: plain, skin tone, flag, ZWJ family",
        arguments: ["🚀", "👍🏽", "🇫🇷", "👨‍👩‍👧", "🎉", "😀", "🤖"])
    func emoji(_ text: String) {
        #expect(text.count == 1, "one grapheme")
        #expect(TextWidth.of(Character(text)) == 2)
        #expect(TextWidth.of(text) == 2)
    }

    @Test("a heart is drawn in text presentation, one column, with or without VS16")
    func heartWithoutSelector() {
        #expect(TextWidth.of(Character("\u{2764}")) == 1)
        // Terminals disagree on VS16 (one column or two): it is dropped, so all draw one.
        #expect(TextWidth.of(Character("\u{2764}\u{FE0F}")) == 1)
    }

    @Test("a base letter with combining marks is one grapheme of one column")
    func combiningMarks() {
        let decomposed = "e\u{0301}"
        #expect(decomposed.count == 1)
        #expect(TextWidth.of(Character(decomposed)) == 1)
        #expect(TextWidth.of("caf" + decomposed) == 4)
        #expect(TextWidth.of("a\u{0308}\u{0323}") == 1)  // two marks on one letter
        #expect(TextWidth.of("\u{00E9}") == 1)  // precomposed
    }

    @Test("a zero-width-joiner sequence is measured as one grapheme")
    func zeroWidthJoiner() {
        let family = "👨‍👩‍👧"
        #expect(family.unicodeScalars.count == 5)
        #expect(TextWidth.of(family) == 2)
        #expect(TextWidth.of(family + family) == 4)
        #expect(TextWidth.of("a" + family + "b") == 4)
    }

    @Test(
        "controls, lone marks and format characters take no columns",
        arguments: ["\u{07}", "\u{1B}", "\u{7F}", "\u{85}", "\t", "\n", "\r\n", "\u{0301}", "\u{200B}", "\u{200D}"])
    func zeroWidth(_ text: String) {
        #expect(TextWidth.of(Character(text)) == 0)
        #expect(TextWidth.of(text) == 0)
    }

    @Test("a string is the sum of its graphemes")
    func strings() {
        #expect(TextWidth.of("") == 0)
        #expect(TextWidth.of("hello") == 5)
        #expect(TextWidth.of("東京 Tokyo") == 10)
        #expect(TextWidth.of("a🚀b") == 4)
        #expect(TextWidth.of("🇫🇷🇩🇪") == 4)
        #expect(TextWidth.of("x\u{1B}y") == 2)
        #expect(TextWidth.of("…") == 1)
    }
}
