import Foundation
import Synchronization
import Testing
@testable import NewsCore
import TestSupport

/// `ImageLoader.fetch`: the bytes for a picture, with the header's pixel size reported while
/// the rest still downloads (the article's placeholder takes the picture's size from it).
@Suite("ImageLoader.fetch against a loopback server")
struct ImageFetchTests {
    final class Reports: Sendable {
        private let reports = Mutex<[ImageFetchProgress]>([])
        func record(_ report: ImageFetchProgress) { reports.withLock { $0.append(report) } }
        var all: [ImageFetchProgress] { reports.withLock { $0 } }
    }

    @Test func theHeadersSizeIsKnownLongBeforeTheLastByte() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // A JPEG whose frame header sits behind 40 KiB of metadata, then a slow body.
        let jpeg = try JPEGFixture(width: 320, height: 200, pixels: SyntheticImage.photo(width: 320, height: 200)).encode()
        var padded = Data(jpeg.prefix(2))
        for _ in 0..<5 {
            padded.append(contentsOf: [0xFF, 0xE1, 0x20, 0x00])  // an APP1 segment of 8 KiB
            padded.append(Data(repeating: 0x41, count: 0x2000 - 2))
        }
        padded.append(jpeg.dropFirst(2))
        padded.append(Data(repeating: 0, count: 200_000))  // trailing bytes after the image
        server.route(
            "/slow.jpg",
            ScriptedResponse(
                headers: [("Content-Type", "image/jpeg")], body: .data(padded), chunkSize: 4096, delayBetweenChunks: .milliseconds(3)))
        let reports = Reports()

        let image = try await ImageLoader().fetch(server.url("/slow.jpg")) { reports.record($0) }

        #expect(image.data == padded)
        #expect(image.info == ImageInfo(format: .jpeg, width: 320, height: 200, byteCount: padded.count))
        let first = try #require(reports.all.first { $0.pixelSize != nil })
        #expect(first.pixelSize == PixelSize(width: 320, height: 200))
        #expect(first.transfer.received < Int64(padded.count) / 2, "the size came only at \(first.transfer.received) bytes")
        // Once known it stays in every later report.
        #expect(reports.all.drop { $0.pixelSize == nil }.allSatisfy { $0.pixelSize == PixelSize(width: 320, height: 200) })
    }

    @Test func bytesThatAreNotAnImageAreRefusedAtTheEnd() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/page", .bytes(Data("<!DOCTYPE html><html>not a picture</html>".utf8), contentType: "image/png"))
        let reports = Reports()
        let error = await thrownError { try await ImageLoader().fetch(server.url("/page")) { reports.record($0) } }
        #expect((error as? NewsError)?.message.contains("it is not an image (HTML)") == true, "\(String(describing: error))")
        #expect(reports.all.allSatisfy { $0.pixelSize == nil })
    }

    @Test func aLocalFileReportsItsSizeAtOnce() async throws {
        let folder = try TemporaryFolder("image-fetch")
        let file = folder.url.appendingPathComponent("picture.png")
        try PNGFixture.rgb(SyntheticImage.gradient(width: 30, height: 20), width: 30, height: 20).encode().write(to: file)
        let reports = Reports()
        let image = try await ImageLoader().fetch(file) { reports.record($0) }
        #expect(image.info.width == 30 && image.info.height == 20)
        #expect(reports.all.map(\.pixelSize) == [PixelSize(width: 30, height: 20)])
    }
}
