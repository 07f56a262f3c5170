import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// Saves that must be refused, leaving neither a file nor a temporary file behind.
@Suite struct PersistenceRefusalTests {
    let server: LoopbackServer
    let folder: TemporaryFolder

    init() throws {
        server = try LoopbackServer()
        folder = try TemporaryFolder()
    }

    func save(_ path: String, sizeLimit: Int = ImageLoader.defaultSizeLimit) async throws -> SavedImage {
        try await Persistence(folder: folder.url, http: saveTestHTTP, sizeLimit: sizeLimit)
            .save(SaveRequest(imageURL: server.url(path), title: "Refused"))
    }

    // MARK: Not an image

    @Test func htmlPageIsNotAnImage() async throws {
        server.route("/page", .bytes(SaveFixtures.html, contentType: "text/html; charset=utf-8"))
        let error = await #expect(throws: SaveError.notAnImage(contentType: "text/html")) { try await save("/page") }
        #expect(error?.reason == "not an image (text/html)")
        #expect(error?.message == "Not saved: not an image (text/html).")
        #expect(folder.names().isEmpty)
    }

    /// The header is a claim; the bytes are the truth. The reason must not read
    /// "not an image (image/png)".
    @Test(.bug(id: "save-sniffed-type-in-reason", "HTML labelled image/png is refused as 'not an image (image/png)'"))
    func htmlServedAsPNGIsRefusedAsHTML() async throws {
        server.route("/fake.png", .bytes(SaveFixtures.html, contentType: "image/png"))
        let error = await #expect(throws: SaveError.self) { try await save("/fake.png") }
        #expect(error == .notAnImage(contentType: "text/html"))
        #expect(error?.reason == "not an image (text/html)")
        #expect(folder.names().isEmpty)
    }

    @Test func htmlServedAsPNGIsRefused() async throws {
        server.route("/fake.png", .bytes(SaveFixtures.html, contentType: "image/png"))
        let error = await #expect(throws: SaveError.self) { try await save("/fake.png") }
        guard case .notAnImage? = error else {
            Issue.record("expected notAnImage, got \(String(describing: error))")
            return
        }
        #expect(folder.names().isEmpty)
        #expect(server.count("/fake.png") == 1)
    }

    @Test func largeHTMLBodyIsRefusedAfterItsFirstBytes() async throws {
        let page = Data("<!DOCTYPE html><html>".utf8) + Data(repeating: 0x20, count: 4_000_000)
        server.route(
            "/page", ScriptedResponse(headers: [("Content-Type", "text/html")], body: .data(page), chunkSize: 4096, delayBetweenChunks: .milliseconds(5)))
        await #expect(throws: SaveError.notAnImage(contentType: "text/html")) { try await save("/page") }
        // Refused at once, not after the whole 5 s trickled body: the server saw the hang-up
        // before it had sent everything (a measure that machine load cannot fake).
        #expect(await server.waitUntil(timeout: .seconds(10)) { $0.first?.abortedByClient == true })
        #expect((server.requests.first?.bodyBytesSent ?? 0) < page.count)
        #expect(folder.names().isEmpty)
    }

    @Test func tenBytesOfTextAreNotAnImage() async throws {
        server.route("/short", .bytes(Data("0123456789".utf8), contentType: "text/plain"))
        await #expect(throws: SaveError.notAnImage(contentType: "text/plain")) { try await save("/short") }
        #expect(folder.names().isEmpty)
    }

    @Test func emptyBodyIsNotAnImage() async throws {
        server.route("/empty", .bytes(Data(), contentType: "image/jpeg"))
        let error = await #expect(throws: SaveError.self) { try await save("/empty") }
        guard case .notAnImage? = error else {
            Issue.record("expected notAnImage, got \(String(describing: error))")
            return
        }
        #expect(folder.names().isEmpty)
    }

    @Test func noContentTypeAtAll() async throws {
        server.route("/raw", ScriptedResponse(body: .data(Data("just some text, nothing more to see".utf8))))
        await #expect(throws: SaveError.notAnImage(contentType: nil)) { try await save("/raw") }
        #expect(SaveError.notAnImage(contentType: nil).reason == "not an image")
        #expect(folder.names().isEmpty)
    }

    // MARK: HTTP status

    @Test func notFoundIsHTTP404() async throws {
        // No route: the server answers 404 "not found".
        let error = await #expect(throws: SaveError.http(status: 404)) { try await save("/missing.png") }
        #expect(error?.reason == "HTTP 404")
        #expect(error?.message == "Not saved: HTTP 404.")
        #expect(folder.names().isEmpty)
    }

    @Test(arguments: [201, 204, 403, 500, 503])
    func anyStatusBut200IsRefusedEvenWithImageBytes(_ status: Int) async throws {
        server.route("/a.png", .bytes(SaveFixtures.image(.png), contentType: "image/png", status: status))
        await #expect(throws: SaveError.http(status: status)) { try await save("/a.png") }
        #expect(folder.names().isEmpty)
    }

    @Test func redirectToAnImageIsFollowed() async throws {
        server.route("/old.png", .redirect(to: "/new.png"))
        server.route("/new.png", .bytes(SaveFixtures.image(.png), contentType: "image/png"))
        let saved = try await save("/old.png")
        #expect(try Data(contentsOf: saved.file) == SaveFixtures.image(.png))
    }

    // MARK: Size cap

    @Test func defaultCapReads50MiB() {
        #expect(ImageLoader.defaultSizeLimit == 50 * 1024 * 1024)
        #expect(SaveError.tooLarge(limit: ImageLoader.defaultSizeLimit).reason == "larger than 50 MiB")
        #expect(SaveError.tooLarge(limit: 1000).reason == "larger than 1000 bytes")
    }

    @Test func contentLengthOverTheCapIsRefusedWithoutWriting() async throws {
        server.route(
            "/big.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")], body: .generated(prefix: HeaderOnlyImage.pngSignature, count: 5000)))
        let error = await #expect(throws: SaveError.tooLarge(limit: 1000)) { try await save("/big.png", sizeLimit: 1000) }
        #expect(error?.reason == "larger than 1000 bytes")
        #expect(folder.names().isEmpty, "no file and no temporary file")
    }

    @Test func over50MiBByContentLengthIsRefusedWithTheDefaultCap() async throws {
        // Declared, not sent: the head alone decides.
        server.route(
            "/huge.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")], body: .data(SaveFixtures.image(.png)), contentLength: .declared(60 * 1024 * 1024)))
        let error = await #expect(throws: SaveError.tooLarge(limit: 50 * 1024 * 1024)) { try await save("/huge.png") }
        #expect(error?.message == "Not saved: larger than 50 MiB.")
        #expect(folder.names().isEmpty)
    }

    /// Refusing a response on its head (a status, a Content-Length over the cap) must also
    /// stop reading its body: a server must not be able to make a refused save download
    /// gigabytes or hang until the timeout. Each body here trickles for 4 s.
    @Test(
        .bug(id: "save-head-refusal-keeps-reading", "a response refused on its head is still read to the end"),
        arguments: [404, 200])
    func responseRefusedOnItsHeadIsNotReadFurther(_ status: Int) async throws {
        server.route(
            "/slow",
            ScriptedResponse(
                status: status, headers: [("Content-Type", "image/png")],
                body: .generated(prefix: HeaderOnlyImage.pngSignature, count: 20_000),
                chunkSize: 100, delayBetweenChunks: .milliseconds(20)))
        let error = await #expect(throws: SaveError.self) { try await save("/slow", sizeLimit: 1000) }
        #expect(error == (status == 404 ? .http(status: 404) : .tooLarge(limit: 1000)))
        #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
        let logged = try #require(server.requests.first)
        #expect(logged.abortedByClient && !logged.finished, "the connection is dropped, not read to the end")
        #expect(folder.names().isEmpty)
    }

    @Test func omittedContentLengthIsCappedMidStream() async throws {
        server.route(
            "/stream.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")],
                body: .generated(prefix: HeaderOnlyImage.pngSignature, count: 5000),
                chunkSize: 500, delayBetweenChunks: .milliseconds(2),
                contentLength: .omitted))
        await #expect(throws: SaveError.tooLarge(limit: 1000)) { try await save("/stream.png", sizeLimit: 1000) }
        #expect(folder.names().isEmpty, "no file and no temporary file")
    }

    @Test func oneByteOverTheCapIsRefused() async throws {
        server.route(
            "/edge.gif",
            ScriptedResponse(
                headers: [("Content-Type", "image/gif")], body: .data(SaveFixtures.image(.gif, size: 1001)), contentLength: .omitted))
        await #expect(throws: SaveError.tooLarge(limit: 1000)) { try await save("/edge.gif", sizeLimit: 1000) }
        #expect(folder.names().isEmpty)
    }

    // MARK: Broken transfers

    @Test func resetMidBodyLeavesNoFile() async throws {
        server.route(
            "/reset.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")],
                body: .generated(prefix: HeaderOnlyImage.pngSignature, count: 200_000),
                action: .resetAfter(bytes: 50_000)))
        let error = await #expect(throws: SaveError.self) { try await save("/reset.png") }
        guard case .network? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(try #require(server.requests.first).bodyBytesSent == 50_000)
        #expect(folder.names().isEmpty, "no file and no .part")
    }

    @Test func resetBeforeTheHeadIsANetworkError() async throws {
        server.route("/reset.png", ScriptedResponse(action: .reset))
        let error = await #expect(throws: SaveError.self) { try await save("/reset.png") }
        guard case .network? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(folder.names().isEmpty)
    }

    @Test func bodyShorterThanItsContentLengthLeavesNoFile() async throws {
        server.route(
            "/short.png",
            ScriptedResponse(
                headers: [("Content-Type", "image/png")],
                body: .data(SaveFixtures.image(.png, size: 3000)),
                contentLength: .declared(5000)))
        let error = await #expect(throws: SaveError.self) { try await save("/short.png") }
        guard case .network? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(folder.names().isEmpty)
    }

    @Test func unsupportedSchemeIsRefused() async throws {
        let error = await #expect(throws: SaveError.self) {
            try await Persistence(folder: folder.url, http: saveTestHTTP)
                .save(SaveRequest(imageURL: URL(string: "ftp://example.com/a.png")!, title: "ftp"))
        }
        guard case .network(.unsupportedURL)? = error else {
            Issue.record("expected unsupportedURL, got \(String(describing: error))")
            return
        }
        #expect(folder.names().isEmpty)
    }
}
