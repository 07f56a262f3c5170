import Foundation
import Testing
@testable import HeadlinesUI
@testable import NewsCore
import SessionTestSupport
@testable import HeadlinesSession

/// The picture in the article view: half blocks in each colour depth through the canvas, the
/// placeholder of the final size, toggling and reflowing.
@Suite("Article picture")
struct ArticlePictureTests {
    static let red = RGB(255, 0, 0), green = RGB(0, 255, 0), blue = RGB(0, 0, 255), grey = RGB(128, 128, 128)
    static let imageURL = URL(string: "https://img.example/picture.jpg")!

    static func article() -> Article {
        Article(
            sourceName: "Pictures", title: "Short title", url: URL(string: "https://news.example/p")!,
            imageURL: imageURL, publishedAt: Fixtures.now, content: "The text under the picture.")
    }

    /// `width` × `height` pixels in horizontal bands of `colours`, one pixel row each, repeating.
    static func bands(width: Int, height: Int, _ colours: [RGB]) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            let colour = colours[y % colours.count]
            for _ in 0..<width { pixels += [colour.red, colour.green, colour.blue] }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    static func info(_ size: PixelSize) -> ImageInfo {
        ImageInfo(format: .jpeg, width: size.width, height: size.height, byteCount: 2048)
    }

    /// A state whose picture is decoded from `image` (its header the image's own size).
    static func decoded(_ image: RGBImage) -> ArticleState {
        var state = ArticleState(article: article())
        state.imageLoaded(info(image.size))
        state.pictureDecoded(image)
        return state
    }

    static func render(_ state: ArticleState, width: Int, height: Int, depth: PictureColourDepth) -> (Canvas, ArticleLines) {
        var view = ArticleView(state: state, layout: ScreenLayout(width: width, height: height, withImageRow: true), localTime: Fixtures.utcTime)
        view.pictureHeight = 50  // half the screen: the sizes below are worked out for it
        let lines = view.lines()
        var canvas = Canvas(width: width, height: height)
        view.render(lines, depth: depth, into: &canvas)
        return (canvas, lines)
    }

    // MARK: Half blocks and colour depths, through the canvas

    @Test func trueColourCellsCarryBothPixelsExactly() throws {
        // 8 × 4 pixels: rows red, green, blue, grey → 8 × 2 cells at 40 × 24.
        let (canvas, lines) = Self.render(
            Self.decoded(Self.bands(width: 8, height: 4, [Self.red, Self.green, Self.blue, Self.grey])),
            width: 40, height: 24, depth: .trueColour)
        let slot = try #require(lines.slot)
        #expect(slot == PictureSlot(columns: 8, rows: 2))
        // Header: title, byline, date, blank; the picture centred over the 36 text columns.
        #expect(lines.pictureTop == 4)
        let x = 2 + (36 - 8) / 2, y = 1 + 4
        for column in x..<(x + 8) {
            #expect(canvas[column, y] == Canvas.Cell(text: "▀", style: Style(foreground: .rgb(Self.red), background: .rgb(Self.green))))
            #expect(canvas[column, y + 1] == Canvas.Cell(text: "▀", style: Style(foreground: .rgb(Self.blue), background: .rgb(Self.grey))))
        }
        #expect(canvas[x - 1, y] == .blank && canvas[x + 8, y] == .blank)
        #expect(canvas.line(y + 3).hasPrefix("  The text under the picture."))
    }

    @Test func paletteCellsCarryTheNearestOfTheCubeAndGreys() {
        let (canvas, _) = Self.render(
            Self.decoded(Self.bands(width: 8, height: 4, [Self.red, Self.green, Self.blue, Self.grey])),
            width: 40, height: 24, depth: .palette256)
        #expect(canvas[16, 5] == Canvas.Cell(text: "▀", style: Style(foreground: .indexed(196), background: .indexed(46))))
        #expect(canvas[16, 6] == Canvas.Cell(text: "▀", style: Style(foreground: .indexed(21), background: .indexed(244))))
    }

    @Test func shadesAreASCIIWithoutColour() {
        let white = RGB(255, 255, 255)
        let (canvas, _) = Self.render(
            Self.decoded(Self.bands(width: 8, height: 4, [.black, .black, white, white])),
            width: 40, height: 24, depth: .shades)
        #expect(canvas.line(5) == padded(String(repeating: " ", count: 40), 40))
        #expect(canvas[16, 6] == Canvas.Cell(text: "@", style: .normal))
        #expect(canvas.line(6) == padded(String(repeating: " ", count: 16) + String(repeating: "@", count: 8), 40))
    }

    @Test func largePicturesShrinkToTheTextWidthAndHalfTheHeight() throws {
        // 400 × 100 pixels, wider than tall: the 76 text columns of an 80-column screen limit it.
        let (canvas, lines) = Self.render(Self.decoded(Self.bands(width: 400, height: 100, [Self.blue])), width: 80, height: 24, depth: .trueColour)
        let slot = try #require(lines.slot)
        #expect(slot == PictureSlot(columns: 76, rows: 10))  // 76 × 19 pixels
        let blueCells = (0..<24).flatMap { y in (0..<80).filter { canvas[$0, y].style.foreground == .rgb(Self.blue) } }
        #expect(blueCells.count == 76 * 10)
        // An odd pixel height: the last row's lower half is the background.
        #expect(canvas[2, 5 + 9].style == Style(foreground: .rgb(Self.blue), background: .rgb(.black)))
        // Tall pictures stop at half the screen's height.
        let tall = Self.render(Self.decoded(Self.bands(width: 100, height: 400, [Self.blue])), width: 80, height: 24, depth: .trueColour).1
        #expect(tall.slot == PictureSlot(columns: 6, rows: 12))
    }

    // MARK: The placeholder has the final size

    @Test(arguments: [
        (PixelSize(width: 640, height: 360), 80, 24), (PixelSize(width: 640, height: 360), 120, 40),
        (PixelSize(width: 4000, height: 3000), 80, 24), (PixelSize(width: 300, height: 900), 100, 30),
        (PixelSize(width: 33, height: 17), 80, 24), (PixelSize(width: 1000, height: 1001), 41, 11),
    ])
    func thePlaceholderTakesThePicturesFinalRoom(_ header: PixelSize, _ width: Int, _ height: Int) throws {
        var loading = ArticleState(article: Self.article())
        loading.imageProgress(TransferProgress(received: 100, expected: 1000))
        loading.pictureHeader(header)
        let (placeholder, before) = Self.render(loading, width: width, height: height, depth: .trueColour)
        // The decoder's output for that header, as `PreviewDecoder` sizes it.
        let decodedSize = header.fitted(within: PictureLayout.decodeBox)
        var done = loading
        done.imageLoaded(Self.info(header))
        done.pictureDecoded(Self.bands(width: decodedSize.width, height: decodedSize.height, [Self.red]))
        let (picture, after) = Self.render(done, width: width, height: height, depth: .trueColour)
        let slot = try #require(before.slot)
        #expect(after.slot == slot)
        #expect(after.lines.map(\.text) == before.lines.map(\.text))
        // The picture fills the room the placeholder drew (as far as it is in view), and nothing else.
        let top = 1 + before.pictureTop
        let layout = ScreenLayout(width: width, height: height, withImageRow: true)
        let x = PictureLayout.x(of: slot, on: layout)
        for y in 0..<(layout.bodyTop + layout.bodyRows) {
            for column in 0..<width {
                let inRoom = (top..<(top + slot.rows)).contains(y) && (x..<(x + slot.columns)).contains(column)
                #expect(picture[column, y].style.hasExactColours == inRoom, "\(column), \(y)")
                if !inRoom { #expect(picture[column, y] == placeholder[column, y], "\(column), \(y)") }
            }
        }
        // The placeholder's frame has the room's size, the progress inside it.
        // (on a screen tall enough to show all of it)
        let (whole, _) = Self.render(loading, width: width, height: 100, depth: .trueColour)
        let room = try #require(PictureLayout.slot(for: header, on: ScreenLayout(width: width, height: 100, withImageRow: true), heightPercent: 50))
        let left = PictureLayout.x(of: room, on: ScreenLayout(width: width, height: 100, withImageRow: true))
        #expect(whole[left, top].text == "┌" && whole[left + room.columns - 1, top + room.rows - 1].text == "┘")
        #expect(placeholder.line(top + (slot.rows - 1) / 2).contains("10%"))
    }

    @Test func beforeTheHeaderThePlaceholderHasTheAssumedProportions() throws {
        let (canvas, lines) = Self.render(ArticleState(article: Self.article()), width: 80, height: 24, depth: .trueColour)
        // 16:9 in 76 × 12 cells: 43 × 24 pixels.
        #expect(lines.slot == PictureSlot(columns: 43, rows: 12))
        #expect(canvas.contains("connecting…"))
    }

    // MARK: Toggling, reflow, reasons

    @Test func iHidesThePictureAndItsRoomAndShowsThemAgain() throws {
        let state = Self.decoded(Self.bands(width: 64, height: 36, [Self.green]))
        let shown = Self.render(state, width: 80, height: 24, depth: .trueColour).1
        let slot = try #require(shown.slot)
        var hidden = state
        hidden.showPicture(false)
        let (canvas, lines) = Self.render(hidden, width: 80, height: 24, depth: .trueColour)
        #expect(lines.slot == nil)
        #expect(lines.count == shown.count - slot.rows - 1)
        #expect(!(0..<24).contains { y in (0..<80).contains { canvas[$0, y].style.hasExactColours } })
        #expect(canvas.line(5).hasPrefix("  The text under the picture."))
        hidden.showPicture(true)
        #expect(Self.render(hidden, width: 80, height: 24, depth: .trueColour).1 == shown)
    }

    @Test(arguments: [(40, 10), (60, 20), (80, 24), (100, 30), (160, 50), (250, 70)])
    func theSameDecodedPixelsReflowToEverySize(_ width: Int, _ height: Int) throws {
        let orange = RGB(200, 100, 50)
        let state = Self.decoded(Self.bands(width: 400, height: 225, [orange]))
        let (canvas, lines) = Self.render(state, width: width, height: height, depth: .trueColour)
        let slot = try #require(lines.slot)
        #expect(slot.columns <= width - 4 && slot.rows <= height / 2)
        #expect(slot.columns == width - 4 || slot.rows == height / 2)  // as large as the box allows
        let layout = ScreenLayout(width: width, height: height, withImageRow: true)
        let painted = (0..<height).flatMap { y in (0..<width).filter { canvas[$0, y].style.hasExactColours } }
        let visibleRows = min(slot.rows, layout.bodyRows - lines.pictureTop)
        #expect(painted.count == slot.columns * visibleRows)
        let first = canvas[PictureLayout.x(of: slot, on: ScreenLayout(width: width, height: height, withImageRow: true)), 1 + lines.pictureTop]
        #expect(first.style == Style(foreground: .rgb(orange), background: .rgb(orange)))
    }

    /// A feed's tracking pixel that declared no size turns out 1×1 when fetched: it is not
    /// drawn and keeps no room, whether its header or its pixels tell first.
    @Test(arguments: [PixelSize(width: 1, height: 1), PixelSize(width: 2, height: 2)])
    func aTrackingPixelIsNotDrawn(size: PixelSize) {
        var byHeader = ArticleState(article: Self.article())
        byHeader.pictureHeader(size)
        #expect(byHeader.picture == .none)
        byHeader.pictureDecoded(Self.bands(width: size.width, height: size.height, [Self.grey]))
        #expect(byHeader.picture == .none)
        let byPixels = Self.decoded(Self.bands(width: size.width, height: size.height, [Self.grey]))
        #expect(byPixels.picture == .none)
        #expect(Self.render(byPixels, width: 80, height: 24, depth: .trueColour).1.slot == nil)
        // A narrow but real picture is still drawn.
        #expect(Self.decoded(Self.bands(width: 3, height: 1, [Self.grey])).picture != .none)
    }

    @Test func aScreenTooSmallForAPictureKeepsNoRoom() {
        var state = ArticleState(article: Self.article())
        state.pictureHeader(PixelSize(width: 640, height: 360))
        // picture-height's default: at 120 × 40, at most 14 rows, so the text starts on the first screen.
        #expect(PictureLayout.box(ScreenLayout(width: 120, height: 40, withImageRow: true))?.rows == 14)
        #expect(PictureLayout.box(ScreenLayout(width: 19, height: 24, withImageRow: true)) == nil)
        #expect(PictureLayout.box(ScreenLayout(width: 80, height: 5, withImageRow: true)) == nil)
        #expect(Self.render(state, width: 80, height: 5, depth: .trueColour).1.slot == nil)
    }

    @Test func anImageWithNoPreviewSaysWhyInThePicturesPlace() {
        var state = ArticleState(article: Self.article())
        state.imageLoaded(ImageInfo(format: .webp, width: 640, height: 360, byteCount: 4096))
        state.pictureFailed(PreviewError.noPreview(.webp).message)
        let (canvas, lines) = Self.render(state, width: 80, height: 24, depth: .trueColour)
        #expect(lines.slot == nil)
        #expect(canvas.line(5) == padded("  There is no preview for WEBP images.", 80))
        #expect(canvas[2, 5].style == .muted)
        #expect(canvas.line(22) == padded("  Image: WEBP, 640×360, 4 KiB", 80))
    }

    @Test func aFailedFetchKeepsNoRoomAndTheImageLineSaysWhy() {
        var state = ArticleState(article: Self.article())
        state.imageFailed("HTTP 404: Not Found.")
        let (canvas, lines) = Self.render(state, width: 80, height: 24, depth: .trueColour)
        #expect(lines.slot == nil && lines.pictureTop == 4)
        #expect(canvas.line(5).hasPrefix("  The text under the picture."))
        #expect(canvas.line(22) == padded("  Image: HTTP 404: Not Found.", 80))
    }
}
