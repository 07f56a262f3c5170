import Testing
@testable import HeadlinesUI
import NewsCore

/// How the driver gets exact colours to the terminal: palette colours through a bounded set
/// of colour pairs, 24-bit colours through its own SGR pass.
@Suite("Terminal colours")
struct TerminalColourTests {
    typealias Colours = ColourPairs.Colours

    static func colours(_ foreground: Int16, _ background: Int16) -> Colours { Colours(foreground: foreground, background: background) }

    @Test func pairsAreDefinedOnceAndReused() {
        var pairs = ColourPairs(first: 16, capacity: 4)
        pairs.beginFrame()
        #expect(pairs.assign(Self.colours(196, 21)) == .new(16, reclaimed: false))
        #expect(pairs.assign(Self.colours(46, -1)) == .new(17, reclaimed: false))
        #expect(pairs.assign(Self.colours(196, 21)) == .existing(16))
        pairs.beginFrame()
        #expect(pairs.assign(Self.colours(46, -1)) == .existing(17))
        #expect(pairs.count == 2)
    }

    @Test func whenFullTheLeastRecentlyUsedPairIsTakenBack() {
        var pairs = ColourPairs(first: 16, capacity: 3)
        pairs.beginFrame()
        for index in 0..<3 { _ = pairs.assign(Self.colours(Int16(100 + index), -1)) }  // pairs 16, 17, 18
        pairs.beginFrame()
        _ = pairs.assign(Self.colours(100, -1))  // 16 is now the most recent; 17 the least
        #expect(pairs.assign(Self.colours(200, -1)) == .new(17, reclaimed: true))
        #expect(pairs.assign(Self.colours(201, -1)) == .new(18, reclaimed: true))
        #expect(pairs.count == 3)
        // The colours taken back are forgotten; the others stay.
        pairs.beginFrame()
        #expect(pairs.assign(Self.colours(100, -1)) == .existing(16))
        #expect(pairs.assign(Self.colours(101, -1)) == .new(17, reclaimed: true))
    }

    @Test func aPairUsedInThisFrameIsNeverTakenBack() {
        var pairs = ColourPairs(first: 16, capacity: 2)
        pairs.beginFrame()
        _ = pairs.assign(Self.colours(1, 2))
        _ = pairs.assign(Self.colours(3, 4))
        #expect(pairs.assign(Self.colours(5, 6)) == .none)
        pairs.beginFrame()
        #expect(pairs.assign(Self.colours(5, 6)) == .new(16, reclaimed: true))
    }

    @Test func noPairsMeansNoColour() {
        var pairs = ColourPairs(first: 16, capacity: 0)
        pairs.beginFrame()
        #expect(pairs.assign(Self.colours(1, 2)) == .none)
    }

    @Test func onlyPaletteStylesUsePairs() {
        #expect(Colours(Style(foreground: .indexed(196), background: .indexed(21))) == Self.colours(196, 21))
        #expect(Colours(Style(foreground: .indexed(7))) == Self.colours(7, -1))
        #expect(Colours(Style(foreground: .rgb(RGB(1, 2, 3)), background: .rgb(.black))) == nil)
        #expect(Colours(.accent) == nil)
    }

    // MARK: 24-bit cells

    static func canvas() -> Canvas {
        var canvas = Canvas(width: 6, height: 3)
        canvas.write("ab", x: 0, y: 0)
        canvas.fill(x: 1, y: 1, count: 2, style: Style(foreground: .rgb(RGB(255, 0, 0)), background: .rgb(RGB(0, 0, 255))), character: "▀")
        canvas.fill(x: 4, y: 1, count: 1, style: Style(foreground: .rgb(RGB(1, 2, 3))), character: "▀")
        canvas.fill(x: 5, y: 2, count: 1, style: Style(foreground: .rgb(RGB(9, 9, 9))), character: "▀")
        return canvas
    }

    @Test func theSGRPassPaintsEachTrueColourRunAndPutsTheCursorBack() {
        let bytes = TrueColourCells.bytes(Self.canvas(), rows: [0, 1, 2])
        let expected =
            "\u{1B}7\u{1B}[0m"
            + "\u{1B}[2;2H\u{1B}[38;2;255;0;0;48;2;0;0;255m▀▀"
            + "\u{1B}[2;5H\u{1B}[38;2;1;2;3;49m▀"
            + "\u{1B}8"  // the bottom-right cell is left alone
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test func rowsWithoutTrueColourCostNothing() {
        #expect(TrueColourCells.bytes(Self.canvas(), rows: [0]).isEmpty)
        #expect(TrueColourCells.bytes(Self.canvas(), rows: []).isEmpty)
        #expect(TrueColourCells.bytes(Canvas(width: 80, height: 24), rows: 0..<24).isEmpty)
    }

    @Test func paletteColoursInASGRPassUseTheirIndex() {
        var output: [UInt8] = []
        TrueColourCells.appendSGR(.indexed(196), nil, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "\u{1B}[38;5;196;49m")
    }
}
