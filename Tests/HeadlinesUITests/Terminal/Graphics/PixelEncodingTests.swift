import Foundation
import NewsCore
import Testing
import TestSupport

@testable import HeadlinesUI

/// The terminal's picture encoders, each read back by a decoder someone else wrote: sixel by
/// libsixel, the PNGs of kitty and iTerm2 by netpbm.
@Suite("Pixel encoders")
struct PixelEncodingTests {
    /// Colours from anywhere in the cube's range, in a size no band or run divides evenly.
    static func picture(width: Int, height: Int, seed: UInt64) -> RGBImage {
        var random = SplitMix64(seed: seed)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                if (x / 9 + y / 5) % 3 == 0 {
                    // Runs of one colour, for the run-length code.
                    pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128]
                } else {
                    pixels += [UInt8(random.int(0...255)), UInt8(random.int(0...255)), UInt8(random.int(0...255))]
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// What a sixel decoder should show for a pixel: its register's colour in 0...255.
    static func quantised(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> [Int] {
        let percent = SixelEncoder.percentages(SixelEncoder.register(red, green, blue))
        return [percent.red, percent.green, percent.blue].map { ($0 * 255 + 50) / 100 }
    }

    @Test(arguments: [(37, 23), (1, 1), (200, 6), (640, 401)])
    func sixelIsReadBackByLibsixelAsTheCubesNearestColours(size: (Int, Int)) async throws {
        let image = Self.picture(width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
        let decoded = try await ReferenceDecoders.sixel(SixelEncoder.encode(image))
        #expect(decoded.width == image.width && decoded.height == image.height)
        var wrong = 0
        var first: String?
        for y in 0..<min(decoded.height, image.height) {
            for x in 0..<min(decoded.width, image.width) {
                let source = image[x, y]
                let expected = Self.quantised(source.red, source.green, source.blue)
                let shown = decoded[x, y].map(Int.init)
                // Within the rounding of percentages both ways.
                if zip(expected, shown).contains(where: { abs($0 - $1) > 3 }) {
                    wrong += 1
                    if first == nil { first = "(\(x), \(y)): \(shown) for \(expected)" }
                }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels wrong, first \(first ?? "")")
    }

    @Test func sixelKeepsEachPixelWithinHalfACubeStep() async throws {
        let image = Self.picture(width: 64, height: 30, seed: 7)
        let decoded = try await ReferenceDecoders.sixel(SixelEncoder.encode(image))
        let steps = [SixelEncoder.levels.red, SixelEncoder.levels.green, SixelEncoder.levels.blue]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let source = image[x, y]
                for (channel, value) in [source.red, source.green, source.blue].enumerated() {
                    let halfStep = 255 / (steps[channel] - 1) / 2 + 3
                    #expect(abs(Int(decoded[x, y][channel]) - Int(value)) <= halfStep, "(\(x), \(y)) channel \(channel)")
                }
            }
        }
    }

    @Test func sixelDefinesOnlyTheRegistersItUses() {
        let red = RGBImage(width: 20, height: 13, filledWith: RGB(255, 0, 0))
        let text = String(decoding: SixelEncoder.encode(red), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;20;13"))
        #expect(text.hasSuffix("\u{1B}\\"))
        #expect(text.components(separatedBy: ";2;").count == 2, "\(text)")  // one colour defined
        #expect(text.contains("!20"), "a run of twenty: \(text)")
    }

    /// The kitty commands' payload, joined: kitty's chunks as its protocol gives them.
    static func kittyPayload(_ bytes: [UInt8]) throws -> (controls: [String], data: Data) {
        let text = String(decoding: bytes, as: UTF8.self)
        var controls: [String] = []
        var encoded = ""
        for command in text.components(separatedBy: "\u{1B}\\") where !command.isEmpty {
            #expect(command.hasPrefix("\u{1B}_G"), "\(command.prefix(20))")
            let body = command.dropFirst(3)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            controls.append(String(parts[0]))
            let payload = parts.count > 1 ? String(parts[1]) : ""
            #expect(payload.utf8.count <= KittyGraphics.chunkSize)
            encoded += payload
        }
        return (controls, try #require(Data(base64Encoded: encoded)))
    }

    @Test func kittysChunksJoinIntoThePNGOfThePicture() async throws {
        let image = Self.picture(width: 150, height: 97, seed: 3)
        let png = try PNGEncoder.encode(image)
        let (controls, data) = try Self.kittyPayload(KittyGraphics.transmit(png: png, id: 7))
        #expect(controls.count > 2, "a picture of this size takes several chunks")
        #expect(controls.first == "a=t,f=100,t=d,i=7,q=2,m=1")
        #expect(controls.dropFirst().dropLast().allSatisfy { $0 == "m=1" })
        #expect(controls.last == "m=0")
        let decoded = try await ReferenceDecoders.png(data)
        #expect(decoded == ReferenceDecoders.Pixmap(width: image.width, height: image.height, pixels: image.pixels))
    }

    @Test func kittysPlacementAndDeletionAskForNoAnswer() {
        let place = String(decoding: KittyGraphics.place(id: 3, sourceTop: 40, sourceWidth: 300, sourceHeight: 120), as: UTF8.self)
        #expect(place == "\u{1B}_Ga=p,i=3,p=1,x=0,y=40,w=300,h=120,C=1,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.delete(id: 3, freeing: false), as: UTF8.self) == "\u{1B}_Ga=d,d=i,i=3,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.delete(id: 3, freeing: true), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=3,q=2\u{1B}\\")
    }

    @Test func iTerm2sInlineImageCarriesThePNGAtItsPixelSize() async throws {
        let image = Self.picture(width: 81, height: 40, seed: 11)
        let png = try PNGEncoder.encode(image)
        let text = String(decoding: ITerm2Image.bytes(png: png, width: 81, height: 40), as: UTF8.self)
        let header = "\u{1B}]1337;File=inline=1;size=\(png.count);width=81px;height=40px;preserveAspectRatio=0:"
        #expect(text.hasPrefix(header))
        #expect(text.hasSuffix("\u{07}"))
        let data = try #require(Data(base64Encoded: String(text.dropFirst(header.count).dropLast())))
        let decoded = try await ReferenceDecoders.png(data)
        #expect(decoded == ReferenceDecoders.Pixmap(width: 81, height: 40, pixels: image.pixels))
    }

    @Test func aPictureCutToItsVisibleRowsKeepsThoseRows() throws {
        let image = Self.picture(width: 10, height: 8, seed: 5)
        let part = image.rows(from: 3, count: 4)
        #expect(part.width == 10 && part.height == 4)
        #expect(part.pixels == Array(image.pixels[(3 * 30)..<(7 * 30)]))
        #expect(image.rows(from: 6, count: 10).height == 2)
        #expect(image.rows(from: 0, count: 8) == image)
    }
}
