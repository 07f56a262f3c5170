import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate behind one `HTTPClient.transfer`: it hands the head and the body to
/// the sink, reports throttled progress, guards redirects and encodings, enforces the deadline,
/// and ends the transfer exactly once.
///
/// Callbacks arrive inline on URLSession's internal queue (see `InlineDelegateQueue`). The
/// outcome is decided the moment it is known (a refusal, a cancellation, the deadline) and the
/// caller resumes at once; the URLSession task is then cancelled from another queue, because
/// `URLSessionTask.cancel()` waits for the internal queue, which may still be inflating a chunk.
/// The sink is only ever called under the lock and never after the outcome, so a caller that has
/// resumed can discard its sink safely.
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let sink: any TransferSink
    private let origin: URL
    private let sensitiveHeaders: Set<String>
    private let progress: (@Sendable (TransferProgress) -> Void)?
    private let deadline: Duration
    // Callbacks come on URLSession's queue; `start`, `cancel` and the deadline from elsewhere.
    private let lock = NSLock()
    private var state = State()

    private struct State {
        var continuation: CheckedContinuation<ResponseHead, Error>?
        /// Set once, by whichever ends the transfer first.
        var outcome: Result<ResponseHead, Error>?
        var task: URLSessionTask?
        var deadlineTimer: DispatchWorkItem?
        var head: ResponseHead?
        var received: Int64 = 0
        var throttle = ProgressThrottle()
    }

    init(sink: any TransferSink, origin: URL, sensitiveHeaders: Set<String>, deadline: Duration, progress: (@Sendable (TransferProgress) -> Void)?) {
        self.sink = sink
        self.origin = origin
        self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
        self.deadline = deadline
        self.progress = progress
    }

    private var host: String { TransportErrors.hostName(origin) }

    /// Starts `task` unless the transfer already ended (cancelled before it began).
    func start(_ task: URLSessionTask, _ continuation: CheckedContinuation<ResponseHead, Error>) {
        let timer = DispatchWorkItem { [weak self] in
            guard let self else { return }
            self.end(.failure(NewsError.tooSlow(host: self.host, seconds: Int(self.deadline.components.seconds))))
        }
        let early: Result<ResponseHead, Error>? = withState { state in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            state.task = task
            state.deadlineTimer = timer
            return nil
        }
        if let early {
            continuation.resume(with: early)
            Self.cancelLater(task)
            return
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval, execute: timer)
        task.resume()
    }

    /// Ends the transfer from outside (the caller's task was cancelled).
    func cancel() {
        end(.failure(CancellationError()))
    }

    /// Records the outcome if none was recorded yet, resumes the caller, and stops the task.
    private func end(_ outcome: Result<ResponseHead, Error>, taskIsOver: Bool = false) {
        let (continuation, task, timer): (CheckedContinuation<ResponseHead, Error>?, URLSessionTask?, DispatchWorkItem?) =
            withState { state in
                guard state.outcome == nil else { return (nil, nil, nil) }
                state.outcome = outcome
                defer { state.continuation = nil }
                return (state.continuation, state.task, state.deadlineTimer)
            }
        timer?.cancel()
        continuation?.resume(with: outcome)
        if !taskIsOver, let task { Self.cancelLater(task) }
    }

    private func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Cancels on another queue: `cancel()` waits for URLSession's queue, and we may be on it.
    private static func cancelLater(_ task: URLSessionTask) {
        let box = UncheckedBox(task)
        DispatchQueue.global().async { box.value.cancel() }
    }

    // MARK: - URLSession callbacks

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)  // FoundationNetworking ignores the disposition; refusals cancel below
        guard let http = response as? HTTPURLResponse else {
            end(.failure(NewsError.invalidDocument("the server did not answer in HTTP")))
            return
        }
        let head = ResponseHead(http)
        if let encoding = head.contentEncoding, !HTTPClient.acceptedEncodings.contains(encoding) {
            end(.failure(NewsError.unsupportedEncoding(host: host, encoding: Sanitizer.clean(encoding, maxLength: 40))))
            return
        }
        let refusal: Error? = withState { state in
            guard state.outcome == nil else { return nil }
            state.head = head
            do {
                try sink.receive(head: head)
                return nil
            } catch {
                return error
            }
        }
        if let refusal { end(.failure(refusal)) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var refusal: Error?
        let report: TransferProgress? = withState { state in
            guard state.outcome == nil else { return nil }  // refused or ended: drop it, it costs nothing
            do {
                try sink.receive(bytes: data)
            } catch {
                refusal = error
                return nil
            }
            state.received += Int64(data.count)
            let current = TransferProgress(received: state.received, expected: state.head?.expectedLength)
            return state.throttle.shouldReport(current, now: ContinuousClock.now) ? current : nil
        }
        if let refusal { end(.failure(refusal)) }
        if let report { progress?(report) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // FoundationNetworking turns a Location without a host (`file:///etc/passwd`, `data:…`)
        // into a path on the same server: judge the Location as the server wrote it.
        let location = (response.allHeaderFields.first { ($0.key as? String)?.lowercased() == "location" }?.value as? String)
            .flatMap { URL(string: $0, relativeTo: response.url)?.absoluteURL }
        guard let target = request.url, URLPolicy.isWeb(target), location.map(URLPolicy.isWeb) ?? true else {
            let from = task.currentRequest?.url ?? origin
            let to = location ?? request.url
            end(.failure(NewsError.redirectRefused(
                from: Sanitizer.clean(from.absoluteString, maxLength: 200),
                to: Sanitizer.clean(to?.absoluteString ?? "an empty location", maxLength: 200))))
            completionHandler(nil)
            return
        }
        var request = request
        if !Self.sameOrigin(target, origin) {
            for name in request.allHTTPHeaderFields?.keys ?? [:].keys where sensitiveHeaders.contains(name.lowercased()) {
                request.setValue(nil, forHTTPHeaderField: name)
            }
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (head, received) = withState { ($0.head, $0.received) }
        end(Self.outcome(head: head, received: received, error: error, url: task.originalRequest?.url), taskIsOver: true)
    }

    /// How a transfer that ran to its end (or failed in transport) turned out.
    private static func outcome(head: ResponseHead?, received: Int64, error: Error?, url: URL?) -> Result<ResponseHead, Error> {
        let host = TransportErrors.hostName(url)
        if let error {
            // libcurl reports a body shorter than its Content-Length ("transfer closed with N bytes
            // remaining to read") as URLError.unknown.
            if (error as? URLError)?.code == .unknown, let expected = head?.expectedLength, received < expected {
                return .failure(NewsError.connectionLost(host: host))
            }
            return .failure(TransportErrors.map(error, url: url))
        }
        guard let head else { return .failure(NewsError.invalidDocument("the server sent no response")) }
        if let expected = head.expectedLength, received < expected { return .failure(NewsError.connectionLost(host: host)) }
        return .success(head)
    }

    /// The final count, as one last report, once the body is whole.
    func reportCompletion(_ head: ResponseHead) {
        let received = withState { $0.received }
        progress?(TransferProgress(received: received, expected: head.expectedLength ?? received))
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}

/// Hands a non-Sendable reference to another queue when we know only that queue uses it.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Duration {
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
