import FoundationEssentials

/// Fetches over HTTP with libcurl, streaming the body into a sink as it arrives.
///
/// Every transfer runs on one shared driver thread (`CurlDriver`). The sink is called from
/// libcurl's write callback itself, so a chunk is in the sink before the next is read: when the
/// sink throws (a cap crossed), libcurl aborts at once, even halfway through inflating a
/// compressed body, and the connection closes. Only gzip and deflate are accepted; redirects
/// are followed by us, to http and https only; cancelling the Swift task ends the fetch at once
/// and closes the connection; a whole-transfer deadline stops a server that trickles.
public struct HTTPClient: Sendable {
    /// Seconds without a byte before the request times out.
    public var timeout: TimeInterval
    /// Seconds the whole transfer may take, first byte to last.
    public var deadline: TimeInterval
    public var userAgent: String

    public static let defaultDeadline: TimeInterval = 60

    public init(timeout: TimeInterval = 30, deadline: TimeInterval = HTTPClient.defaultDeadline, userAgent: String = "Headlines/\(HeadlinesVersion.string)") {
        self.timeout = timeout
        self.deadline = deadline
        self.userAgent = userAgent
    }

    /// Streams `request`'s response into `sink` and returns the response head. The request's
    /// method, URL and headers are sent (not a body); `User-Agent` and `Accept-Encoding` are ours.
    ///
    /// - Parameters:
    ///   - sensitiveHeaders: header names removed from the request if a redirect leads to another
    ///     origin (scheme, host or port), so that a key meant for one server never reaches another.
    ///   - progress: called at most once per percent and at most 30 times a second, on the
    ///     driver thread, then once more with the final count.
    /// - Throws: `CancellationError` when the task is cancelled, the sink's error when it refused
    ///   the response, or a `NewsError`.
    public func transfer(
        _ request: HTTPRequest,
        into sink: some TransferSink,
        sensitiveHeaders: Set<String> = [],
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> ResponseHead {
        let url = request.url
        guard URLPolicy.isWeb(url) else { throw NewsError.unsupportedURL(Sanitizer.clean(url.absoluteString, maxLength: 200)) }
        try Task.checkCancellation()  // a cancelled task sends no request
        let driver = try CurlDriver.shared.get()
        let transfer = CurlTransfer(
            request: HopRequest(request, url: url), sink: sink, sensitiveHeaders: sensitiveHeaders,
            settings: CurlEasy.Settings(userAgent: userAgent, connectTimeout: Self.milliseconds(timeout)),
            idleTimeout: .milliseconds(Self.milliseconds(timeout)), deadline: .milliseconds(Self.milliseconds(deadline)),
            progress: progress, driver: driver)
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResponseHead, Error>) in
                transfer.start(continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
        transfer.reportCompletion(head)
        return head
    }

    /// Fetches the whole body into memory, refusing more than `limit` bytes.
    public func fetch(
        _ request: HTTPRequest,
        limit: Int,
        sensitiveHeaders: Set<String> = [],
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> (head: ResponseHead, body: Data) {
        let sink = MemorySink(limit: limit)
        let head = try await transfer(request, into: sink, sensitiveHeaders: sensitiveHeaders, progress: progress)
        return (head, sink.takeData())
    }

    /// Seconds as whole milliseconds, at least one (and at most a year, whatever was asked).
    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite else { return 365 * 86_400_000 }
        return Int(min(max(seconds, 0.001), 365 * 86_400) * 1000)
    }
}
