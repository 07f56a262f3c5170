import HeadlinesSession
import Testing
@testable import HeadlinesUI
import HeadlinesKeys

/// What arrived together is read together: an Esc alone is Esc, an Esc with more is one key.
@Suite("Key decoder")
struct KeyDecoderTests {
    static func input(_ text: String) -> [CursesInput] { text.unicodeScalars.map { .character($0.value) } }

    @Test func anEscAloneIsEsc() {
        #expect(KeyDecoder.keys(from: Self.input("\u{1B}")) == [.escape])
    }

    @Test(arguments: [
        "\u{1B}[1;5P",  // Ctrl-F1
        "\u{1B}[200~",  // a bracketed-paste marker
        "\u{1B}[201~",
        "\u{1B}[3~",  // Delete
        "\u{1B}[1;5A",  // Ctrl-Up
        "\u{1B}x",  // Alt-x
        "\u{1B}\u{1B}[A",  // Alt-Up
        "\u{1B}\u{1B}",
        "\u{1B}[",  // cut short
        "\u{1B}O",
        // A terminal's answer that came after the start's wait: never its letters as keys.
        "\u{1B}_Gi=31;OK\u{1B}\\",  // kitty's graphics reply
        "\u{1B}_Gi=31;ENOENT:unsupported",  // ... cut short
        "\u{1B}]11;rgb:0000/0000/0000\u{07}",  // an OSC reply ended by BEL
        "\u{1B}P>|XTerm(379)\u{1B}\\",  // a DCS reply
        "\u{1B}[?62;4;22c",  // DA1
        "\u{1B}[6;20;10t",  // the cell size
    ])
    func anUnknownSequenceIsOneUnknownKey(text: String) {
        #expect(KeyDecoder.keys(from: Self.input(text)) == [.unknownSequence])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}OB", .down), ("\u{1B}[C", .right), ("\u{1B}OD", .left),
        ("\u{1B}[4~", .end), ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[H", .home), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}OS", .function(4)), ("\u{1B}[15~", .function(5)),
        ("\u{1B}[17~", .function(6)), ("\u{1B}[24~", .function(12)), ("\u{1B}[[A", .function(1)),
    ])
    func sequencesEveryTerminalSendsAreDecodedWhateverTERMSays(text: String, key: Key) {
        #expect(KeyDecoder.keys(from: Self.input(text)) == [key])
    }

    @Test func keysAroundASequenceStayKeys() {
        #expect(
            KeyDecoder.keys(from: Self.input("j\u{1B}[200~q\u{1B}[201~k")) == [
                .character("j"), .unknownSequence, .character("q"), .unknownSequence, .character("k"),
            ])
        // A control character ends a sequence and is a key of its own.
        #expect(KeyDecoder.keys(from: Self.input("\u{1B}[1\r")) == [.unknownSequence, .enter])
    }

    @Test func keysCursesRecognisedPassThrough() {
        #expect(KeyDecoder.keys(from: [.keyCode(0o410 + 3), .character(0x71)]) == [.function(3), .character("q")])
        #expect(KeyDecoder.keys(from: [.character(0x1B), .keyCode(0o410 + 1)]) == [.unknownSequence])  // Alt-F1
    }
}
