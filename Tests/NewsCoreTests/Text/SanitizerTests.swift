import Foundation
import Testing
@testable import NewsCore

@Suite("Sanitizer")
struct SanitizerTests {
    // MARK: Escape sequences

    @Test func csiIsRemovedWhole() {
        #expect(Sanitizer.clean("E\u{1b}[31mvil") == "Evil")
        #expect(Sanitizer.clean("\u{1b}[1;38;5;196mred\u{1b}[0m") == "red")
        #expect(Sanitizer.clean("a\u{1b}[?25lb") == "ab")  // private-mode parameter
    }

    /// An ESC written as a reference (`&#x1b;`) ends where the same text, decoded, would end
    /// its sequence: references first, then escape sequences (issue 28).
    @Test(arguments: [
        (#"]8;;http://evil.example/\click&#x1b;]8;;\ B"#, "&#x1b;]8;;\\ B".utf8.count),
        ("]52;c;aGk=D</title>", "</title>".utf8.count),
        ("[31mH", "H".utf8.count),
        ("]0;t&#7;rest", "rest".utf8.count),
        ("]0;t&#x1b;\\rest", "rest".utf8.count),
        ("]0;x\" href", "\" href".utf8.count),
    ])
    func aReferencedEscapeEndsWhereItsDecodedSequenceDoes(text: String, left: Int) {
        let bytes = Array(text.utf8)
        let end = bytes.withUnsafeBufferPointer { Sanitizer.referencedEscapeEnd($0, from: 0) }
        #expect(bytes.count - end == left, "\(text)")
    }

    /// Through a feed's preparation and the sanitiser, a referenced ESC leaves what a raw one does.
    @Test func aReferencedEscapeInAFeedLeavesNoPayload() throws {
        let cases = [
            ("A &#x1b;]8;;http://evil.example/\\click&#x1b;]8;;\\ B", "A \u{1B}]8;;http://evil.example/\\click\u{1B}]8;;\\ B"),
            ("C&#x1b;]52;c;aGk=D", "C\u{1B}]52;c;aGk=D"),
            ("G&#27;[31mH", "G\u{1B}[31mH"),
        ]
        for (referenced, raw) in cases {
            let prepared = try XMLPreparation.prepare(Data("<t>\(referenced)</t>".utf8))
            let text = String(decoding: prepared, as: UTF8.self)
            #expect(text.hasPrefix("<t>") && text.hasSuffix("</t>"), "\(text)")
            let inner = String(text.dropFirst(3).dropLast(4))
            #expect(Sanitizer.clean(inner) == Sanitizer.clean(raw), "\(referenced) gave \(inner.debugDescription)")
            #expect(!inner.contains("evil") && !inner.contains("52;") && !inner.contains("[31m"), "\(inner)")
        }
    }

    @Test func oscEndedByBELIsRemoved() {
        #expect(Sanitizer.clean("\u{1b}]0;pwned\u{07}Title") == "Title")
        #expect(Sanitizer.clean("\u{1b}]8;;https://evil.example/\u{07}link\u{1b}]8;;\u{07}") == "link")
    }

    @Test func oscEndedByStringTerminator() {
        #expect(Sanitizer.clean("\u{1b}]0;pwned\u{1b}\\Title") == "Title")  // ESC \
        #expect(Sanitizer.clean("\u{1b}]0;pwned\u{9c}Title") == "Title")  // C1 ST
        #expect(Sanitizer.clean("A\u{9d}0;pwned\u{9c}B") == "AB")  // C1 OSC ... C1 ST
    }

    @Test func c1ControlSequenceIntroducer() {
        #expect(Sanitizer.clean("\u{9b}1;31mRed") == "Red")
        #expect(Sanitizer.clean("x\u{9b}2Jy") == "xy")
    }

    @Test func dcsAndAPCStrings() {
        #expect(Sanitizer.clean("a\u{1b}Pq#0;2;0;0;0\u{1b}\\b") == "ab")  // DCS (sixel)
        #expect(Sanitizer.clean("a\u{1b}_Gf=100;AAAA\u{1b}\\b") == "ab")  // APC (kitty graphics)
        #expect(Sanitizer.clean("a\u{1b}Xsos\u{1b}\\b\u{1b}^pm\u{07}c") == "abc")  // SOS and PM
        #expect(Sanitizer.clean("a\u{90}dcs\u{9c}b\u{9f}apc\u{9c}c") == "abc")  // C1 DCS and APC
    }

    @Test func plainEscapeSequences() {
        #expect(Sanitizer.clean("a\u{1b}(Bb") == "ab")  // designate G0 charset
        #expect(Sanitizer.clean("a\u{1b}cb") == "ab")  // RIS
        #expect(Sanitizer.clean("a\u{1b}#8b") == "ab")  // DECALN
        #expect(Sanitizer.clean("a\u{1b}") == "a")  // a lone trailing ESC
    }

    @Test func unterminatedStringSwallowsTheRest() {
        #expect(Sanitizer.clean("Safe \u{1b}]0;never ends and hides this") == "Safe")
        #expect(Sanitizer.clean("Safe\u{9d}hidden") == "Safe")
    }

    @Test func escapeInsideAStringAbortsItAndIsHandledOnItsOwn() {
        #expect(Sanitizer.clean("\u{1b}]0;title\u{1b}[31mRed") == "Red")
    }

    // MARK: Controls and whitespace

    @Test func otherControlsAndDELVanish() {
        #expect(Sanitizer.clean("a\u{00}b\u{07}c\u{08}d\u{7f}e") == "abcde")
        #expect(Sanitizer.clean("a\u{80}b\u{81}c\u{9a}d") == "abcd")
        #expect(Sanitizer.clean("\u{01}\u{02}\u{03}") == "")
    }

    @Test func whitespaceControlsBecomeOneSpace() {
        #expect(Sanitizer.clean("a\tb\nc\rd") == "a b c d")
        #expect(Sanitizer.clean("a\r\n\tb") == "a b")
        #expect(Sanitizer.clean("a\u{0b}\u{0c}b") == "a b")
        #expect(Sanitizer.clean("a\u{85}b\u{2028}c\u{2029}d") == "a b c d")
    }

    @Test func spaceRunsCollapseAndEndsAreTrimmed() {
        #expect(Sanitizer.clean("a    b") == "a b")
        #expect(Sanitizer.clean("  padded  ") == "padded")
        #expect(Sanitizer.clean(" \t\n ") == "")
        #expect(Sanitizer.clean("a \u{1b}[0m b") == "a b")
        #expect(Sanitizer.clean("trailing ") == "trailing")
        #expect(Sanitizer.clean(" leading") == "leading")
    }

    @Test func bidiControlsAreRemoved() {
        #expect(Sanitizer.clean("abc\u{202e}fdp.exe") == "abcfdp.exe")
        #expect(Sanitizer.clean("\u{202a}a\u{202b}b\u{202c}c\u{202d}d") == "abcd")
        #expect(Sanitizer.clean("\u{2066}a\u{2067}b\u{2068}c\u{2069}") == "abc")
        #expect(Sanitizer.clean("x\u{200e}y\u{200f}z") == "xyz")
        #expect(Sanitizer.clean("\u{61c}abc\u{61c}") == "abc")  // the Arabic letter mark
        #expect(Sanitizer.clean("عربي\u{61c} نص") == "عربي نص")
        #expect(Sanitizer.clean("؛ ؟") == "؛ ؟")  // other D8 characters stay (U+061B, U+061F)
    }

    @Test func cleanTextPassesThroughUnchanged() {
        let samples = [
            "Markets rally — again",
            "“Quoted” and ‘single’ … done",
            "東京で地震、被害の報告なし",
            "Launch 🚀 succeeds 👩‍👩‍👧‍👦 🇺🇦",
            "Cafe\u{301} na\u{308}ive",
            "Ελληνικά and Русский and עברית",
            "non\u{a0}breaking",
            "x",
            "",
        ]
        for sample in samples {
            let cleaned = Sanitizer.clean(sample)
            #expect(cleaned == sample)
            #expect(Array(cleaned.unicodeScalars) == Array(sample.unicodeScalars))  // not even normalised
        }
    }

    @Test func fastPathAgreesWithTheRules() {
        #expect(Sanitizer.isClean("plain text".utf8))
        #expect(Sanitizer.isClean("—“…”".utf8))
        #expect(!Sanitizer.isClean(" lead".utf8))
        #expect(!Sanitizer.isClean("trail ".utf8))
        #expect(!Sanitizer.isClean("two  spaces".utf8))
        #expect(!Sanitizer.isClean("c1\u{85}".utf8))
        #expect(!Sanitizer.isClean("bidi\u{202e}".utf8))
        #expect(!Sanitizer.isClean("iso\u{2067}late".utf8))
        #expect(!Sanitizer.isClean("arabic letter mark\u{61c} here".utf8))
        #expect(Sanitizer.isClean("؛ Arabic semicolon and question mark ؟".utf8))
        #expect(!Sanitizer.isClean("tab\t".utf8))
    }

    // MARK: cleanOptional and truncation

    @Test func cleanOptional() {
        #expect(Sanitizer.cleanOptional(nil) == nil)
        #expect(Sanitizer.cleanOptional("") == nil)
        #expect(Sanitizer.cleanOptional(" \t\n ") == nil)
        #expect(Sanitizer.cleanOptional("\u{1b}[0m") == nil)
        #expect(Sanitizer.cleanOptional("  ok  ") == "ok")
    }

    @Test func maxLengthCutsWithAnEllipsis() {
        #expect(Sanitizer.clean("abcdefghij", maxLength: 10) == "abcdefghij")
        #expect(Sanitizer.clean("abcdefghijk", maxLength: 10) == "abcdefghi…")
        #expect(Sanitizer.clean("abc", maxLength: 1) == "…")
        #expect(Sanitizer.cleanOptional("  abcdef  ", maxLength: 4) == "abc…")
        // Length counts characters after cleaning, not bytes: 5 characters, 15 bytes.
        #expect(Sanitizer.clean("東京大阪市", maxLength: 5) == "東京大阪市")
        #expect(Sanitizer.clean("東京大阪市", maxLength: 4) == "東京大…")
    }

    @Test func maxLengthNeverSplitsACharacter() {
        let family = "👩‍👩‍👧‍👦"  // one character, seven scalars
        let cut = Sanitizer.clean("ab\(family)\(family)cd", maxLength: 4)
        #expect(cut == "ab\(family)…")
        #expect(cut.count == 4)

        let accented = "e\u{301}e\u{301}e\u{301}"  // three characters, six scalars
        #expect(Sanitizer.clean(accented, maxLength: 3) == accented)
        #expect(Array(Sanitizer.clean(accented, maxLength: 2).unicodeScalars) == ["e", "\u{301}", "…"])

        let flags = "🇺🇦🇯🇵🇫🇷"
        #expect(Sanitizer.clean(flags, maxLength: 2) == "🇺🇦…")
    }
}
