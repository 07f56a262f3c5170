import HeadlinesKeys
import Testing

@testable import HeadlinesUI

/// The mouse's reports, as terminals send them, are one key each: never their letters as keys.
@Suite("Mouse decoding")
struct MouseDecodingTests {
    static func keys(_ text: String) -> [Key] { KeyDecoder.keys(from: KeyDecoderTests.input(text)) }

    @Test(arguments: [
        ("\u{1B}[<0;10;5M", MouseEvent(.press(.left), column: 9, row: 4)),
        ("\u{1B}[<0;10;5m", MouseEvent(.release, column: 9, row: 4)),
        ("\u{1B}[<2;1;1M", MouseEvent(.press(.right), column: 0, row: 0)),
        ("\u{1B}[<1;300;80M", MouseEvent(.press(.middle), column: 299, row: 79)),
        ("\u{1B}[<32;61;3M", MouseEvent(.drag(.left), column: 60, row: 2)),
        ("\u{1B}[<64;5;5M", MouseEvent(.wheel(-1), column: 4, row: 4)),
        ("\u{1B}[<65;5;5M", MouseEvent(.wheel(1), column: 4, row: 4)),
        ("\u{1B}[<4;3;3M", MouseEvent(.press(.left), column: 2, row: 2, modified: true)),  // with Shift
        ("\u{1B}[<16;3;3M", MouseEvent(.press(.left), column: 2, row: 2, modified: true)),  // with Ctrl
        // X10's older form: the values 32 past, as characters.
        ("\u{1B}[M !!", MouseEvent(.press(.left), column: 0, row: 0)),
        ("\u{1B}[M#**", MouseEvent(.release, column: 9, row: 9)),
        ("\u{1B}[Ma%&", MouseEvent(.wheel(1), column: 4, row: 5)),
    ])
    func aReportIsOneEvent(text: String, event: MouseEvent) {
        #expect(Self.keys(text) == [.mouse(event)])
    }

    @Test func reportsThatCameTogetherAreKeptApartFromKeys() {
        #expect(
            Self.keys("\u{1B}[<0;2;3M\u{1B}[<0;2;3mj\u{1B}[<65;1;1M") == [
                .mouse(MouseEvent(.press(.left), column: 1, row: 2)), .mouse(MouseEvent(.release, column: 1, row: 2)), .character("j"),
                .mouse(MouseEvent(.wheel(1), column: 0, row: 0)),
            ])
    }

    @Test(arguments: [
        "\u{1B}[<0;0;5M",  // column 0 does not exist
        "\u{1B}[<0;10M",  // two numbers
        "\u{1B}[<0;10;5;7M",  // four
        "\u{1B}[<0;;5M",
        "\u{1B}[<0;999999999999999999999;5M",  // a number past any screen (and past Int)
        "\u{1B}[<66;5;5M",  // the wheel sideways
        "\u{1B}[<35;5;5M",  // a move with no button held
        "\u{1B}[<128;5;5M",  // buttons 8 to 11
        "\u{1B}[M !",  // X10 cut short
    ])
    func aBrokenOrUnwantedReportIsOneUnknownKey(text: String) {
        #expect(Self.keys(text) == [.unknownSequence])
    }
}
