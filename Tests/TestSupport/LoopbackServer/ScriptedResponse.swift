import Foundation

/// What the server answers for one request on a route. Plain data, so tests can build
/// a script up front and hand it to `LoopbackServer.route(_:_:)`.
public struct ScriptedResponse: Sendable {
    public enum Body: Sendable {
        case data(Data)
        /// `count` bytes generated on the fly (not held in memory): `prefix` then filler byte
        /// i = UInt8(truncatingIfNeeded: i &* 31 &+ 7) for absolute index i. `count` is the
        /// whole body length, prefix included (a longer prefix is cut to `count`).
        case generated(prefix: Data, count: Int)
    }

    public enum Action: Sendable {
        /// Normal answer.
        case respond
        /// Read the request, then abort with a TCP RST without answering.
        case reset
        /// Send the headers and this many body bytes, then RST.
        case resetAfter(bytes: Int)
        /// Read the request and never answer (until the client goes away or stop()).
        case hang
    }

    public enum ContentLength: Sendable {
        /// The real body length.
        case exact
        /// No Content-Length: the body ends when the server closes.
        case omitted
        /// This number, whatever the body is (larger simulates a truncated body).
        case declared(Int)
    }

    public var status: Int
    /// Extra headers. Content-Length is added per `contentLength` unless one is given here;
    /// `Connection: close` is always sent (a scripted Connection header is dropped).
    public var headers: [(String, String)]
    public var body: Body
    /// Waited after reading the request (also before `.reset`/`.resetAfter`); ends early
    /// if the client hangs up.
    public var delayBeforeHeaders: Duration
    /// The body goes out in chunks of this size (the unit of trickling).
    public var chunkSize: Int
    /// Pause between chunks; > 0 trickles the body.
    public var delayBetweenChunks: Duration
    public var contentLength: ContentLength
    public var action: Action

    public init(
        status: Int = 200,
        headers: [(String, String)] = [],
        body: Body = .data(Data()),
        delayBeforeHeaders: Duration = .zero,
        chunkSize: Int = 65536,
        delayBetweenChunks: Duration = .zero,
        contentLength: ContentLength = .exact,
        action: Action = .respond
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delayBeforeHeaders = delayBeforeHeaders
        self.chunkSize = chunkSize
        self.delayBetweenChunks = delayBetweenChunks
        self.contentLength = contentLength
        self.action = action
    }

    public static func json(_ text: String, status: Int = 200) -> ScriptedResponse {
        .text(text, status: status, contentType: "application/json; charset=utf-8")
    }

    public static func text(
        _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8"
    ) -> ScriptedResponse {
        .bytes(Data(text.utf8), contentType: contentType, status: status)
    }

    public static func bytes(_ data: Data, contentType: String, status: Int = 200) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: [("Content-Type", contentType)], body: .data(data))
    }

    public static func redirect(to location: String, status: Int = 302) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: [("Location", location)])
    }

    /// The bytes `.generated(prefix:count:)` produces, for comparing saved files.
    public static func generatedBytes(prefix: Data, count: Int) -> Data {
        let source = BodySource(.generated(prefix: prefix, count: count))
        var out = Data(capacity: source.count)
        var offset = 0
        while offset < source.count {
            offset += source.withBytes(from: offset, upTo: source.count - offset) { chunk in
                out.append(contentsOf: chunk)
                return chunk.count
            }
        }
        return out
    }

    /// Served for paths nobody routed.
    static let notFound = ScriptedResponse.text("not found", status: 404)
}
