import Testing
@testable import HeadlinesUI

/// Graphemes are reduced to what every terminal draws in the same columns, and measured as
/// curses and tmux measure them: the sum of their code points' `wcwidth`.
@Suite("TerminalGlyph")
struct TerminalGlyphTests {
    @Test(arguments: [
        ("👨\u{200D}👩\u{200D}👧", "👨", 2),  // ZWJ family: the first emoji
        ("👍🏽", "👍", 2),  // skin tone dropped
        ("🧑🏾\u{200D}🚀", "🧑", 2),
        ("🇫🇷", "🇫🇷", 2),  // regional indicators: one column each, as wcwidth says
        ("❤\u{FE0F}", "❤", 1),  // VS16 dropped
        ("☺\u{FE0E}", "☺", 1),  // VS15 dropped
        ("1\u{FE0F}\u{20E3}", "1\u{20E3}", 1),  // keycap: the enclosing mark stays
        ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "🏴", 2),  // tag sequence
        ("e\u{301}", "e\u{301}", 1),
        ("क्षि", "क्षि", 3),  // a conjunct: क + virama (0) + ष + vowel sign i (1 each)
        ("각", "각", 2),
        ("\u{1100}\u{1161}\u{11A8}", "\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo: L (2) + V (0) + T (0)
    ])
    func reductions(_ input: String, _ drawn: String, _ columns: Int) throws {
        let character = try #require(input.first)
        #expect(input.count == 1, "one grapheme")
        let (text, width) = TerminalGlyph.reduce(character)
        #expect(Array(text.unicodeScalars) == Array(drawn.unicodeScalars))
        #expect(width == columns)
        #expect(TextWidth.of(character) == columns)
    }

    @Test func stackedMarksAreCappedAtFourPerCell() throws {
        let zalgo = "Z" + String(repeating: "\u{0336}\u{0301}\u{0327}", count: 10)
        let character = try #require(zalgo.first)
        #expect(zalgo.count == 1)
        let (text, width) = TerminalGlyph.reduce(character)
        #expect(text.unicodeScalars.count == 1 + TerminalGlyph.maximumMarks)
        #expect(text.utf8.count <= 21, "tmux keeps 21 bytes a cell")
        #expect(width == 1)
    }

    @Test func unprintableCodePointsBecomeTheReplacementCharacter() throws {
        let unassigned = try #require(Unicode.Scalar(0x0378))
        #expect(TerminalGlyph.reduce(Character(unassigned)) == ("\u{FFFD}", 1))
        #expect(TerminalGlyph.reduce("\u{1B}") == ("", 0))
        #expect(TerminalGlyph.reduce("\u{0301}") == ("", 0))  // a lone mark attaches to nothing
    }
}
