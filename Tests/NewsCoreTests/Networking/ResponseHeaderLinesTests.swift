import Foundation
import Testing
@testable import NewsCore

/// The response head as libcurl hands it over, line by line, and the codings we accept.
@Suite("Response header lines")
struct ResponseHeaderLinesTests {
    private static let url = URL(string: "http://example.com/x")!

    /// Feeds `lines` (CR LF added) and returns the head once the empty line ends it.
    private func head(_ lines: [String], method: String = "GET") throws -> ResponseHead? {
        var collector = ResponseHeaderLines()
        for line in lines + [""] {
            let ended = try Array((line + "\r\n").utf8).withUnsafeBytes { try collector.add($0) }
            if ended { return collector.head(url: Self.url, method: method) }
        }
        return nil
    }

    @Test func statusHeadersAndLength() throws {
        let head = try #require(try head(["HTTP/1.1 200 OK", "Content-Type: application/json", "content-length: 42"]))
        #expect(head.status == 200)
        #expect(head.contentType == "application/json")
        #expect(head.expectedLength == 42)
        #expect(head.url == Self.url)
    }

    @Test func repeatedHeadersAreJoinedAndFoldedLinesContinue() throws {
        let head = try #require(try head(["HTTP/2 404", "Content-Encoding: gzip", "Content-Encoding: br", "X-Note: one", "\ttwo"]))
        #expect(head.status == 404)
        #expect(head.headers["content-encoding"] == "gzip, br")
        #expect(head.headers["x-note"] == "one two")
    }

    @Test(arguments: [
        (["HTTP/1.1 200 OK", "Content-Length: 10", "Content-Encoding: gzip"], "GET"),
        (["HTTP/1.1 200 OK", "Content-Length: 10", "Transfer-Encoding: chunked"], "GET"),
        (["HTTP/1.1 200 OK", "Content-Length: 10"], "HEAD"),
        (["HTTP/1.1 304 Not Modified", "Content-Length: 10"], "GET"),
        (["HTTP/1.1 200 OK", "Content-Length: -1"], "GET"),
    ])
    func noExpectedLengthWhenTheBodyWillNotMatchIt(_ lines: [String], _ method: String) throws {
        #expect(try head(lines, method: method)?.expectedLength == nil)
    }

    @Test func anInterimResponseIsForgotten() throws {
        var collector = ResponseHeaderLines()
        for line in ["HTTP/1.1 100 Continue", "X-Interim: yes", ""] {
            _ = try Array((line + "\r\n").utf8).withUnsafeBytes { try collector.add($0) }
        }
        collector.reset()
        for line in ["HTTP/1.1 201 Created", "X-Final: yes", ""] {
            _ = try Array((line + "\r\n").utf8).withUnsafeBytes { try collector.add($0) }
        }
        let head = collector.head(url: Self.url, method: "GET")
        #expect(head.status == 201)
        #expect(head.headers == ["x-final": "yes"])
    }

    @Test func aHeadPastTheLimitIsRefused() throws {
        let line = "X-Filler: " + String(repeating: "a", count: 1000)
        #expect(throws: NewsError.invalidDocument("the server sent more than 256 KiB of headers")) {
            _ = try head(["HTTP/1.1 200 OK"] + Array(repeating: line, count: 300))
        }
    }

    @Test(
        arguments: [
            ([:], nil), (["content-encoding": "gzip"], nil), (["content-encoding": "x-gzip, deflate"], nil),
            (["content-encoding": "Identity"], nil), (["transfer-encoding": "gzip, chunked"], nil),
            (["content-encoding": "br"], "br"), (["content-encoding": "gzip, ZSTD"], "gzip, zstd"),
            (["transfer-encoding": "zstd, chunked"], "zstd, chunked"), (["content-encoding": "compress"], "compress"),
        ] as [([String: String], String?)])
    func onlyCodingsWithABoundAreAccepted(_ headers: [String: String], _ refused: String?) {
        #expect(ContentCodings.refused(headers) == refused)
    }
}
