import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// ImageLoader against a real server: progress, header parsing and refusals.
@Suite("ImageLoader against a loopback server")
struct ImageLoaderTests {
    @Test func minimalPNGHeaderIsWellFormed() {
        let header = HeaderOnlyImage.png(width: 640, height: 360)
        #expect(header.count == 33)
        // The IHDR CRC of a known image (1×1 RGBA), as every PNG encoder writes it.
        #expect(HeaderOnlyImage.png(width: 1, height: 1).suffix(4) == Data([0x1F, 0x15, 0xC4, 0x89]))
        #expect(ImageInfo.parse(header) == ImageInfo(format: .png, width: 640, height: 360, byteCount: 33))
    }

    @Test func pngWithContentLengthReportsProgressAndItsSize() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 256 * 1024
        // 64 chunks of 4 KiB every 10 ms: long enough for several throttled reports.
        server.route(
            "/photo.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")],
                body: .generated(prefix: HeaderOnlyImage.png(width: 640, height: 360), count: count),
                chunkSize: 4096, delayBetweenChunks: .milliseconds(10)))
        let log = ProgressLog()

        let info = try await ImageLoader().fetch(server.url("/photo.png")) { log.record($0.transfer) }.info

        #expect(info == ImageInfo(format: .png, width: 640, height: 360, byteCount: count))
        #expect(info.summary == "PNG, 640×360, 256 KiB")
        let reports = log.reports
        #expect(reports.count >= 3, "\(reports)")
        #expect(reports.count <= 102, "\(reports.count) reports")
        #expect(reports.allSatisfy { $0.expected == Int64(count) }, "\(reports)")
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.received <= $1.received }, "\(reports.map(\.received))")
        #expect(reports.allSatisfy { $0.received <= Int64(count) })
        #expect(reports.last == TransferProgress(received: Int64(count), expected: Int64(count)))
    }

    @Test func fastLargeImageStillReportsAtMostAboutOnceAPercent() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 8 * 1024 * 1024
        server.route(
            "/big.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")],
                body: .generated(prefix: HeaderOnlyImage.png(width: 4000, height: 3000), count: count),
                chunkSize: 16 * 1024, delayBetweenChunks: .microseconds(500)))
        let log = ProgressLog()

        let info = try await ImageLoader().fetch(server.url("/big.png")) { log.record($0.transfer) }.info

        #expect(info.width == 4000 && info.height == 3000 && info.byteCount == count)
        let reports = log.reports
        #expect(!reports.isEmpty && reports.count <= 102, "\(reports.count) reports")
        let percents = reports.dropLast().compactMap { $0.fraction.map { Int($0 * 100) } }
        #expect(Set(percents).count == percents.count, "a percent reported twice: \(percents)")
        #expect(reports.last?.received == Int64(count))
    }

    @Test func imageWithoutContentLengthReportsAnUnknownTotalThenTheSize() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 64 * 1024
        server.route(
            "/nolength.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")],
                body: .generated(prefix: HeaderOnlyImage.png(width: 2, height: 3), count: count),
                chunkSize: 4096, delayBetweenChunks: .milliseconds(5), contentLength: .omitted))
        let log = ProgressLog()

        let info = try await ImageLoader().fetch(server.url("/nolength.png")) { log.record($0.transfer) }.info

        #expect(info.width == 2 && info.height == 3)
        let reports = log.reports
        #expect(reports.dropLast().allSatisfy { $0.expected == nil }, "\(reports)")
        #expect(reports.last == TransferProgress(received: Int64(count), expected: Int64(count)))
    }

    @Test func htmlServedAsPNGIsNotAnImage() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let html = "<!DOCTYPE html><html><body>Sign in to continue</body></html>"
        server.route("/trap.png", .text(html, contentType: "image/png"))

        let error = await thrownError { try await ImageLoader().fetch(server.url("/trap.png")) { _ in } }

        #expect(error as? NewsError == .invalidDocument("it is not an image (HTML)"))
        let message = try #require((error as? NewsError)?.message)
        #expect(message.contains("not an image (HTML)"))
        #expect(message == "The response could not be read: it is not an image (HTML).")
    }

    @Test func emptyBodyIsNotAnImage() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/empty.png", .bytes(Data(), contentType: "image/png"))

        let error = await thrownError { try await ImageLoader().fetch(server.url("/empty.png")) { _ in } }

        #expect(error as? NewsError == .invalidDocument("it is not an image (empty)"))
    }

    @Test func notFoundIsAnHTTPError() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // Nothing routed: the server answers 404 "not found".

        let error = await thrownError { try await ImageLoader().fetch(server.url("/missing.png")) { _ in } }

        #expect(error as? NewsError == .http(status: 404, code: nil, message: nil))
        #expect((error as? NewsError)?.message == "HTTP 404: Not Found.")
        #expect(server.requests.map(\.path) == ["/missing.png"])
    }

    @Test func imageOverTheCapIsTooLarge() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/huge.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")],
                body: .generated(prefix: HeaderOnlyImage.png(width: 1, height: 1), count: 5000)))

        let error = await thrownError { try await ImageLoader(sizeLimit: 1000).fetch(server.url("/huge.png")) { _ in } }

        #expect(error as? NewsError == .tooLarge(limit: 1000))
    }

    @Test func localImageFileReportsOnceAndParses() async throws {
        let folder = try TemporaryFolder("image-loader")
        let bytes = ScriptedResponse.generatedBytes(prefix: HeaderOnlyImage.png(width: 12, height: 34), count: 2000)
        let file = try folder.write(bytes, to: "local.png")
        let log = ProgressLog()

        let info = try await ImageLoader().fetch(file) { log.record($0.transfer) }.info

        #expect(info == ImageInfo(format: .png, width: 12, height: 34, byteCount: 2000))
        #expect(log.reports == [TransferProgress(received: 2000, expected: 2000)])
    }
}
