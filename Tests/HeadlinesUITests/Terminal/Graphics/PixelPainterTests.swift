import HeadlinesSession
import NewsCore
import Testing

@testable import HeadlinesUI

/// When the painter draws, moves and takes away a picture in pixels, for each kind of protocol.
@Suite("Pixel painter")
struct PixelPainterTests {
    static let cell = PixelSize(width: 4, height: 8)
    static let image = PixelImage(RGBImage(width: 40, height: 40, filledWith: RGB(200, 10, 10)))

    /// A 10×5-cell room at column 2 whose first row is on screen row `top`, shown on rows `visible`.
    static func picture(top: Int = 3, visible: Range<Int> = 3..<8, image: PixelImage = Self.image) -> PixelPicture {
        PixelPicture(image: image, x: 2, top: top, columns: 10, rows: 5, visible: visible)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func sixelIsDrawnAtItsCellAndAgainOnlyWhenCursesWroteOverIt() {
        var painter = PixelPainter(display: PixelDisplay(pixelProtocol: .sixel, cell: Self.cell))
        let first = Self.text(painter.bytes(next: Self.picture(), written: [], repainted: true))
        #expect(first.hasPrefix("\u{1B}7\u{1B}[4;3H\u{1B}P"), "\(first.prefix(20))")
        #expect(first.hasSuffix("\u{1B}\\\u{1B}8"))
        // The same frame again: nothing; curses wrote a row elsewhere: nothing.
        #expect(painter.bytes(next: Self.picture(), written: [], repainted: false).isEmpty)
        #expect(painter.bytes(next: Self.picture(), written: [0, 10], repainted: false).isEmpty)
        #expect(painter.rowsToRewrite(next: Self.picture()).isEmpty)
        // Curses wrote one of its rows (and may have written blanks over it): drawn again.
        #expect(!painter.bytes(next: Self.picture(), written: [5], repainted: false).isEmpty)
    }

    @Test func aScrolledSixelShowsOnlyItsVisibleRowsAndItsOldRowsAreWrittenAgain() async throws {
        var painter = PixelPainter(display: PixelDisplay(pixelProtocol: .sixel, cell: Self.cell))
        _ = painter.bytes(next: Self.picture(), written: [], repainted: true)
        // Scrolled up by two rows: the room's top two rows are above the body (which starts at row 3).
        let scrolled = Self.picture(top: 1, visible: 3..<6)
        #expect(painter.rowsToRewrite(next: scrolled) == [3, 4, 5, 6, 7])
        let bytes = painter.bytes(next: scrolled, written: [], repainted: false)
        let text = Self.text(bytes)
        #expect(text.hasPrefix("\u{1B}7\u{1B}[4;3H"))
        // Rows 16..<40 of the picture: 24 pixel rows, three cells of 8.
        #expect(text.contains("\"1;1;40;24"), "\(text.prefix(40))")
        // Gone with its screen: its rows are written again, and nothing is drawn.
        #expect(painter.rowsToRewrite(next: nil) == [3, 4, 5])
        #expect(painter.bytes(next: nil, written: [3, 4, 5], repainted: false).isEmpty)
        #expect(painter.rowsToRewrite(next: nil).isEmpty)
    }

    @Test func kittyIsSentOnceThenOnlyPlaced() {
        var painter = PixelPainter(display: PixelDisplay(pixelProtocol: .kitty, cell: Self.cell))
        let first = Self.text(painter.bytes(next: Self.picture(), written: [], repainted: false))
        #expect(first.hasPrefix("\u{1B}_Ga=t,f=100,t=d,i=1,q=2"))
        #expect(first.contains("\u{1B}7\u{1B}[4;3H\u{1B}_Ga=p,i=1,p=1,x=0,y=0,w=40,h=40,C=1,q=2\u{1B}\\\u{1B}8"))
        // Text written over its cells changes nothing for kitty, and kitty needs no rows written again.
        #expect(painter.bytes(next: Self.picture(), written: [4, 5], repainted: false).isEmpty)
        #expect(painter.rowsToRewrite(next: nil).isEmpty)
        // Scrolled: placed again (replacing the placement) with the rows still shown; not sent again.
        let scrolled = Self.text(painter.bytes(next: Self.picture(top: 1, visible: 3..<6), written: [], repainted: false))
        #expect(scrolled == "\u{1B}7\u{1B}[4;3H\u{1B}_Ga=p,i=1,p=1,x=0,y=16,w=40,h=24,C=1,q=2\u{1B}\\\u{1B}8")
        // Gone: its placement deleted, its data kept for coming back.
        #expect(Self.text(painter.bytes(next: nil, written: [], repainted: false)) == "\u{1B}_Ga=d,d=i,i=1,q=2\u{1B}\\")
        #expect(painter.bytes(next: nil, written: [], repainted: false).isEmpty)
    }

    @Test func kittySendsANewPictureUnderANewIdAndFreesTheOld() {
        var painter = PixelPainter(display: PixelDisplay(pixelProtocol: .kitty, cell: Self.cell))
        _ = painter.bytes(next: Self.picture(), written: [], repainted: false)
        let other = PixelImage(RGBImage(width: 40, height: 20, filledWith: RGB(0, 0, 200)))
        let text = Self.text(painter.bytes(next: Self.picture(image: other), written: [], repainted: false))
        #expect(text.hasPrefix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\\u{1B}_Ga=t,f=100,t=d,i=2,q=2"))
        // A cleared screen (a resize, Ctrl-L) loses kitty's pictures: sent again.
        #expect(Self.text(painter.bytes(next: Self.picture(image: other), written: [], repainted: true)).contains("a=t,f=100,t=d,i=3"))
        // Handing the terminal over (a browser, quitting) frees it.
        #expect(Self.text(painter.bytesToClear()) == "\u{1B}_Ga=d,d=I,i=3,q=2\u{1B}\\")
        #expect(painter.bytesToClear().isEmpty)
    }

    @Test func iTerm2IsDrawnLikeSixelWithAPNG() {
        var painter = PixelPainter(display: PixelDisplay(pixelProtocol: .iterm2, cell: Self.cell))
        let text = Self.text(painter.bytes(next: Self.picture(), written: [], repainted: false))
        #expect(text.hasPrefix("\u{1B}7\u{1B}[4;3H\u{1B}]1337;File=inline=1;"))
        #expect(text.contains("width=40px;height=40px"))
        #expect(painter.rowsToRewrite(next: nil) == Array(3..<8))
    }
}
