import Foundation
@testable import HeadlinesUI
import NewsCore
import TestSupport
import Testing
@testable import HeadlinesSession

@Suite struct PictureTests {
    static let red = RGB(255, 0, 0), green = RGB(0, 255, 0), blue = RGB(0, 0, 255), grey = RGB(128, 128, 128)

    // MARK: Half blocks

    /// A true-colour cell: `top` as the half block's foreground, `bottom` as its background.
    static func cell(_ top: RGB, _ bottom: RGB) -> PictureGlyph {
        PictureGlyph(character: "▀", foreground: .rgb(top), background: .rgb(bottom))
    }

    @Test func eachCellHoldsAnUpperAndALowerPixel() throws {
        // 2 × 4: rows red, green, blue, grey.
        let rows = [Self.red, Self.green, Self.blue, Self.grey]
        let image = try #require(RGBImage(width: 2, height: 4, pixels: rows.flatMap { [$0.red, $0.green, $0.blue, $0.red, $0.green, $0.blue] }))
        let cells = PictureCells(image, depth: .trueColour)
        #expect(cells.columns == 2 && cells.rows.count == 2)
        #expect(cells.rows[0][0] == Self.cell(Self.red, Self.green))
        #expect(cells.rows[1][1] == Self.cell(Self.blue, Self.grey))
    }

    @Test(arguments: [1, 3, 7])
    func anOddLastRowHasTheBackgroundBelow(_ height: Int) {
        let image = RGBImage(width: 3, height: height, filledWith: Self.red)
        let cells = PictureCells(image, depth: .trueColour, background: Self.blue)
        #expect(cells.rows.count == (height + 1) / 2)
        #expect(cells.rows[cells.rows.count - 1][2] == Self.cell(Self.red, Self.blue))
        if cells.rows.count > 1 { #expect(cells.rows[0][0] == Self.cell(Self.red, Self.red)) }
    }

    @Test func anEmptyImageGivesNoCells() {
        let cells = PictureCells(RGBImage(width: 0, height: 0, filledWith: .black), depth: .trueColour)
        #expect(cells.columns == 0 && cells.rows.isEmpty)
    }

    @Test func aPreviewOfColumnsByRowsAsksForTwoPixelsPerRow() {
        #expect(HalfBlocks.pixelSize(columns: 80, rows: 24) == PixelSize(width: 80, height: 48))
    }

    /// Decoded and mapped: an 80-column picture of a two-colour image has exactly those colours.
    @Test func aDecodedImageMapsToCellsOfItsColours() throws {
        let pixels = SyntheticImage.halves(width: 160, height: 96, left: [200, 30, 30], right: [30, 30, 200])
        let data = try PNGFixture.rgb(pixels, width: 160, height: 96).encode()
        let image = try PreviewDecoder.decode(data, format: .png, fitting: HalfBlocks.pixelSize(columns: 80, rows: 24))
        let glyphs = PictureCells(image, depth: .trueColour).rows
        #expect(glyphs.count == 24 && glyphs.allSatisfy { $0.count == 80 })
        let left = PictureGlyph(character: "▀", foreground: .rgb(RGB(200, 30, 30)), background: .rgb(RGB(200, 30, 30)))
        let right = PictureGlyph(character: "▀", foreground: .rgb(RGB(30, 30, 200)), background: .rgb(RGB(30, 30, 200)))
        #expect(glyphs.allSatisfy { row in row.enumerated().allSatisfy { $0.element == ($0.offset < 40 ? left : right) } })
    }

    // MARK: The 256-colour palette

    @Test(arguments: 16...255)
    func everyPaletteColourIsItsOwnNearest(_ index: Int) throws {
        let colour = try #require(XtermPalette.colour(UInt8(index)))
        #expect(XtermPalette.nearest(colour) == UInt8(index))
    }

    @Test func theSystemColoursHaveNoFixedValue() {
        #expect((0..<16).allSatisfy { XtermPalette.colour(UInt8($0)) == nil })
    }

    @Test(arguments: [
        (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196), (RGB(128, 128, 128), 244),
        (RGB(8, 8, 8), 232), (RGB(238, 238, 238), 255), (RGB(250, 0, 0), 196), (RGB(100, 140, 180), 67),
    ])
    func knownColoursFindTheirIndex(_ colour: RGB, _ index: Int) {
        #expect(XtermPalette.nearest(colour) == UInt8(index))
    }

    @Test func theNearestIsNearestOfAllTwoHundredAndForty() {
        let palette = (16...255).compactMap { XtermPalette.colour(UInt8($0)) }
        var random = SplitMix64(seed: 256)
        for _ in 0..<3_000 {
            let colour = RGB(UInt8(random.int(0...255)), UInt8(random.int(0...255)), UInt8(random.int(0...255)))
            let best = palette.map { XtermPalette.distance(colour, $0) }.min() ?? 0
            let chosen = XtermPalette.colour(XtermPalette.nearest(colour)).map { XtermPalette.distance(colour, $0) }
            #expect(chosen == best, "\(colour)")
        }
    }

    // MARK: Shades

    @Test func blackIsBlankAndWhiteIsFullInk() {
        #expect(ShadeRamp.character(top: .black, bottom: .black) == " ")
        #expect(ShadeRamp.character(top: .white, bottom: .white) == "@")
        #expect(ShadeRamp.character(top: .black, bottom: .white) == "=")  // the mean, 127.5
    }

    @Test func inkGrowsWithBrightness() {
        let ramp = (0...255).map { (value: Int) -> Character in
            let grey = RGB(UInt8(value), UInt8(value), UInt8(value))
            return ShadeRamp.character(top: grey, bottom: grey)
        }
        let positions = ramp.compactMap { ShadeRamp.characters.firstIndex(of: $0) }
        #expect(positions == positions.sorted())
        #expect(Set(ramp).count == ShadeRamp.characters.count)
    }

    @Test func greenLooksBrighterThanBlue() {
        #expect(ShadeRamp.luminance(Self.green) > ShadeRamp.luminance(Self.red))
        #expect(ShadeRamp.luminance(Self.red) > ShadeRamp.luminance(Self.blue))
    }

    // MARK: Depth and glyphs

    @Test(
        arguments: [
            ([:], 256, PictureColourDepth.palette256),
            (["COLORTERM": "truecolor"], 256, .trueColour),
            (["COLORTERM": "24bit"], 8, .trueColour),
            (["COLORTERM": "TrueColor"], 256, .trueColour),
            (["COLORTERM": "yes"], 256, .palette256),
            ([:], 8, .shades),
            ([:], 0, .shades),
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], 256, .shades),
            (["NO_COLOR": ""], 256, .palette256),
        ] as [([String: String], Int, PictureColourDepth)])
    func theDepthFollowsTheTerminal(_ environment: [String: String], _ colours: Int, _ depth: PictureColourDepth) {
        #expect(PictureColourDepth.choose(environment: environment, terminalColours: colours) == depth)
    }

    @Test func eachDepthDrawsTheCellItsWay() {
        let top = RGB(250, 0, 0), bottom = RGB(128, 128, 128)
        #expect(PictureGlyph(top: top, bottom: bottom, depth: .trueColour) == Self.cell(top, bottom))
        #expect(
            PictureGlyph(top: top, bottom: bottom, depth: .palette256) == PictureGlyph(character: "▀", foreground: .indexed(196), background: .indexed(244)))
        // Luminance 53 above and 128 below: a mean of 91, the fourth of ten bands.
        #expect(PictureGlyph(top: top, bottom: bottom, depth: .shades) == PictureGlyph(character: "-", foreground: nil, background: nil))
    }
}
