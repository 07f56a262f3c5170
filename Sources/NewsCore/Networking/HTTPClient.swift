import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches over HTTP with FoundationNetworking, streaming the body into a sink as it arrives.
///
/// Linux has no `bytes(for:)`, so this drives a data task through a delegate: the body comes
/// in chunks (memory stays flat when the sink writes to disk), progress is reported as it
/// goes, and cancelling the Swift task cancels the transfer, which closes the connection.
public struct HTTPClient: Sendable {
    /// Seconds without a byte before the request times out.
    public var timeout: TimeInterval
    public var userAgent: String

    public init(timeout: TimeInterval = 30, userAgent: String = "Headlines/\(HeadlinesVersion.string)") {
        self.timeout = timeout
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
        let timeout = max(1, timeout.rounded(.up))
        request.timeoutInterval = timeout
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")

        let delegate = TransferDelegate(sink: sink, origin: url, sensitiveHeaders: sensitiveHeaders, progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)

        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResponseHead, Error>) in
                delegate.start(continuation)
                task.resume()
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            task.cancel()
        }
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
        return (head, sink.data)
    }
}

/// Our version string, sent as the user agent and printed by `--version`.
public enum HeadlinesVersion {
    public static let string = "0.1.0"
}
