import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate behind one `HTTPClient.transfer`: it hands the head and the body to
/// the sink, reports throttled progress, guards redirects, and resumes the continuation once.
final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let sink: any TransferSink
    private let origin: URL
    private let sensitiveHeaders: Set<String>
    private let progress: (@Sendable (TransferProgress) -> Void)?

    // Guarded by `lock`: delegate calls come on the session's serial queue, but `start`
    // comes from the awaiting task.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<ResponseHead, Error>?
    /// How the task ended, kept when it ended before `start`.
    private var outcome: Result<ResponseHead, Error>?
    private var head: ResponseHead?
    private var failure: Error?
    private var received: Int64 = 0
    private var throttle = ProgressThrottle()

    init(sink: any TransferSink, origin: URL, sensitiveHeaders: Set<String>, progress: (@Sendable (TransferProgress) -> Void)?) {
        self.sink = sink
        self.origin = origin
        self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
        self.progress = progress
    }

    func start(_ continuation: CheckedContinuation<ResponseHead, Error>) {
        let early: Result<ResponseHead, Error>? = lock.withLock {
            if let outcome { return outcome }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(NewsError.invalidDocument("the server did not answer in HTTP"))
            completionHandler(.cancel)
            dataTask.cancel()
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        // With a Content-Encoding, Content-Length counts the encoded bytes, but the body arrives
        // decoded: its decoded length is unknown.
        let encoding = headers["content-encoding"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let encoded = !encoding.isEmpty && encoding != "identity"
        let length = http.expectedContentLength >= 0 && !encoded ? http.expectedContentLength : nil
        let head = ResponseHead(status: http.statusCode, headers: headers, expectedLength: length, url: http.url)
        lock.withLock { self.head = head }
        do {
            try sink.receive(head: head)
            completionHandler(.allow)
        } catch {
            fail(error)
            completionHandler(.cancel)
            // swift-corelibs-foundation ignores the disposition: without an explicit cancel the
            // refused body would still be read to its end (or until the timeout).
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard lock.withLock({ failure == nil }) else { return }
        do {
            try sink.receive(bytes: data)
        } catch {
            fail(error)
            dataTask.cancel()
            return
        }
        let report: TransferProgress? = lock.withLock {
            received += Int64(data.count)
            let current = TransferProgress(received: received, expected: head?.expectedLength)
            return throttle.shouldReport(current, now: ContinuousClock.now) ? current : nil
        }
        if let report { progress?(report) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        var request = request
        if let target = request.url, !Self.sameOrigin(target, origin) {
            for name in request.allHTTPHeaderFields?.keys ?? [:].keys where sensitiveHeaders.contains(name.lowercased()) {
                request.setValue(nil, forHTTPHeaderField: name)
            }
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (head, failure, received) = lock.withLock { (self.head, self.failure, self.received) }
        let host = TransportErrors.hostName(task.originalRequest?.url)
        let outcome: Result<ResponseHead, Error>
        if let failure {
            outcome = .failure(failure)
        } else if let error {
            // libcurl reports a body shorter than its Content-Length ("transfer closed with N bytes
            // remaining to read") as URLError.unknown.
            if (error as? URLError)?.code == .unknown, let expected = head?.expectedLength, received < expected {
                outcome = .failure(NewsError.connectionLost(host: host))
            } else {
                outcome = .failure(TransportErrors.map(error, url: task.originalRequest?.url))
            }
        } else if let head {
            if let expected = head.expectedLength, received < expected {
                outcome = .failure(NewsError.connectionLost(host: host))
            } else {
                progress?(TransferProgress(received: received, expected: head.expectedLength ?? received))
                outcome = .success(head)
            }
        } else {
            outcome = .failure(NewsError.invalidDocument("the server sent no response"))
        }
        // A cancel that lands before `start` (between withTaskCancellationHandler and resume())
        // ends the task before there is a continuation: keep the outcome for `start`.
        let continuation = lock.withLock {
            let taken = self.continuation
            self.continuation = nil
            if taken == nil { self.outcome = outcome }
            return taken
        }
        continuation?.resume(with: outcome)
    }

    private func fail(_ error: Error) {
        lock.withLock { if failure == nil { failure = error } }
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

/// Limits progress reports to one per percent and 30 a second (unknown sizes: 30 a second).
struct ProgressThrottle {
    private var lastPercent = -1
    private var lastTime: ContinuousClock.Instant?

    mutating func shouldReport(_ progress: TransferProgress, now: ContinuousClock.Instant) -> Bool {
        if let lastTime, now - lastTime < .milliseconds(33) { return false }
        if let fraction = progress.fraction {
            let percent = Int(fraction * 100)
            guard percent > lastPercent else { return false }
            lastPercent = percent
        }
        lastTime = now
        return true
    }
}
