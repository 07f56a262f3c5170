import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches over HTTP with FoundationNetworking, streaming the body into a sink as it arrives.
///
/// Linux has no `bytes(for:)`, so this drives a data task through a delegate whose callbacks
/// run inline (`InlineDelegateQueue`): each chunk reaches the sink before the next is read, so a
/// sink's cap bounds memory whatever the server's speed. Progress is reported as it goes;
/// cancelling the Swift task ends the fetch at once and closes the connection; the whole
/// transfer has a deadline, so a server that trickles cannot hold a fetch forever.
public struct HTTPClient: Sendable {
    /// Seconds without a byte before the request times out.
    public var timeout: TimeInterval
    /// Seconds the whole transfer may take, first byte to last.
    public var deadline: TimeInterval
    public var userAgent: String

    public static let defaultDeadline: TimeInterval = 60

    /// The content encodings we offer, and so accept. Their inflated size is counted as it
    /// arrives; brotli and zstd are not offered (a few kilobytes of either can stand for
    /// gigabytes), and a body in an encoding we did not offer is refused.
    static let acceptedEncodings: Set<String> = ["gzip", "x-gzip", "deflate"]

    public init(timeout: TimeInterval = 30, deadline: TimeInterval = HTTPClient.defaultDeadline, userAgent: String = "Headlines/\(HeadlinesVersion.string)") {
        self.timeout = timeout
        self.deadline = deadline
        self.userAgent = userAgent
    }

    /// Streams `request`'s response into `sink` and returns the response head.
    ///
    /// - Parameters:
    ///   - sensitiveHeaders: header names removed from the request if a redirect leads to another
    ///     origin (scheme, host or port), so that a key meant for one server never reaches another.
    ///   - progress: called at most once per percent and at most 30 times a second.
    /// - Throws: `CancellationError` when the task is cancelled, the sink's error when it refused
    ///   the response, or a `NewsError`.
    public func transfer(
        _ request: URLRequest,
        into sink: some TransferSink,
        sensitiveHeaders: Set<String> = [],
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> ResponseHead {
        guard let url = request.url, URLPolicy.isWeb(url) else {
            throw NewsError.unsupportedURL(request.url?.absoluteString ?? "an empty URL")
        }
        try Task.checkCancellation()  // a cancelled task sends no request
        var request = request
        // FoundationNetworking counts timeouts in whole seconds and truncates (0.5 would time
        // out at once): round up to the next second.
        let timeout = max(1, min(timeout, deadline).rounded(.up))
        request.timeoutInterval = timeout
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if request.value(forHTTPHeaderField: "Accept-Encoding") == nil {
            request.setValue("gzip, deflate", forHTTPHeaderField: "Accept-Encoding")
        }

        let delegate = TransferDelegate(
            sink: sink, origin: url, sensitiveHeaders: sensitiveHeaders,
            deadline: .milliseconds(Int64(max(0.001, deadline) * 1000)), progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: InlineDelegateQueue())
        // The session lets a task cancelled in the background finish, then lets go of the delegate.
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)

        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResponseHead, Error>) in
                delegate.start(task, continuation)
            }
        } onCancel: {
            delegate.cancel()
        }
        delegate.reportCompletion(head)
        return head
    }

    /// Fetches the whole body into memory, refusing more than `limit` bytes.
    public func fetch(
        _ request: URLRequest,
        limit: Int,
        sensitiveHeaders: Set<String> = [],
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> (head: ResponseHead, body: Data) {
        let sink = MemorySink(limit: limit)
        let head = try await transfer(request, into: sink, sensitiveHeaders: sensitiveHeaders, progress: progress)
        return (head, sink.takeData())
    }
}
