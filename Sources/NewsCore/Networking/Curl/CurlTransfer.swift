import CCurl
import FoundationEssentials
import Synchronization

/// One `HTTPClient.transfer`: its hops (one easy handle each), its sink, and its one outcome.
///
/// The outcome is decided once, by whichever comes first: the end of the last hop, a refusal
/// in a callback (the sink's, an encoding, a redirect), the clock (`checkTime`), or the caller's
/// cancellation. The caller resumes at that moment, from whatever thread decided it; the driver
/// then removes the hop's handle, which closes its connection. The sink is only called under
/// the lock and never after the outcome, so a caller that has resumed may discard its sink.
final class CurlTransfer: @unchecked Sendable {
    private let sink: any TransferSink
    private let driver: CurlDriver
    private let origin: URL
    private let sensitiveHeaders: Set<String>
    private let progress: (@Sendable (TransferProgress) -> Void)?
    let settings: CurlEasy.Settings
    private let idleTimeout: Duration
    private let deadline: Duration
    private let deadlineAt: ContinuousClock.Instant

    private let state = Mutex(State())

    private struct State: ~Copyable {
        var continuation: CheckedContinuation<ResponseHead, Error>?
        /// Set once, by whichever ends the transfer first.
        var outcome: Result<ResponseHead, Error>?
        var head: ResponseHead?
        var received: Int64 = 0
        var throttle = ProgressThrottle()

        /// Records `outcome` unless one was recorded, and hands back the continuation to resume.
        mutating func settle(_ outcome: Result<ResponseHead, Error>) -> CheckedContinuation<ResponseHead, Error>? {
            guard self.outcome == nil else { return nil }
            self.outcome = outcome
            defer { continuation = nil }
            return continuation
        }
    }

    // Touched only on the driver thread: by the loop, and by libcurl's callbacks, which run
    // inside the loop's curl_multi_perform. (Hence @unchecked Sendable.)
    private var hop: HopRequest
    private var hops = 0
    private var lines = ResponseHeaderLines()
    /// The next hop, once this hop's head asked for one; this hop's body is then drained.
    private var redirect: HopRequest?
    private var drained = 0
    private var lastActivity = ContinuousClock.now
    private var lastDownloaded: Int64 = 0

    /// A redirect's own body is read and dropped up to this size (so its connection can be
    /// reused); past it, the hop is cut short and the redirect still followed.
    static let redirectBodyLimit = 64 * 1024

    init(
        request: HopRequest, sink: any TransferSink, sensitiveHeaders: Set<String>, settings: CurlEasy.Settings,
        idleTimeout: Duration, deadline: Duration, progress: (@Sendable (TransferProgress) -> Void)?, driver: CurlDriver
    ) {
        hop = request
        origin = request.url
        self.sink = sink
        self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
        self.settings = settings
        self.idleTimeout = idleTimeout
        self.deadline = deadline
        deadlineAt = .now + deadline
        self.progress = progress
        self.driver = driver
    }

    private var host: String { TransportErrors.hostName(hop.url) }

    // MARK: The caller's side

    /// Hands the transfer to the driver, unless it already ended (cancelled before it began:
    /// then no request is sent).
    func start(_ continuation: CheckedContinuation<ResponseHead, Error>) {
        let early: Result<ResponseHead, Error>? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(with: early)
        } else {
            driver.submit(self)
        }
    }

    /// Ends the transfer from outside (the caller's task was cancelled). Only takes the lock.
    func cancel() {
        end(.failure(CancellationError()))
    }

    /// The final count, as one last report, once the body is whole.
    func reportCompletion(_ head: ResponseHead) {
        let received = state.withLock { $0.received }
        progress?(TransferProgress(received: received, expected: head.expectedLength ?? received))
    }

    var hasEnded: Bool { state.withLock { $0.outcome != nil } }

    /// Ends the transfer with `error` (the driver could not run it).
    func fail(_ error: Error) {
        end(.failure(error))
    }

    /// Records the outcome if none was yet, resumes the caller, and has the driver drop the handle.
    private func end(_ outcome: Result<ResponseHead, Error>) {
        let continuation = state.withLock { $0.settle(outcome) }
        continuation?.resume(with: outcome)
        driver.wakeUp()
    }

    // MARK: The driver's side

    /// A handle for the current hop, or nil when none could be made (the transfer has ended).
    func beginHop() -> CurlEasy? {
        lines = ResponseHeaderLines()
        redirect = nil
        drained = 0
        lastDownloaded = 0
        lastActivity = .now
        do {
            return try CurlEasy(hop: hop, settings: settings, transfer: self)
        } catch {
            end(.failure(error))
            return nil
        }
    }

    /// libcurl finished the hop with `code`. Returns true when there is another hop to make.
    func hopEnded(_ code: CURLcode, _ easy: CurlEasy) -> Bool {
        guard !hasEnded else { return false }
        if let next = redirect {
            hop = next
            hops += 1
            return true
        }
        if code == CURLE_OK {
            if let head = state.withLock({ $0.head }) {
                end(.success(head))
            } else {
                end(.failure(NewsError.invalidDocument("\(host) sent no response")))
            }
        } else {
            end(.failure(TransportErrors.map(code, osErrno: easy.osErrno, url: hop.url)))
        }
        return false
    }

    /// Ends the transfer when its deadline has passed or it has been idle too long; otherwise
    /// returns when to look again. Bytes counted by libcurl (before decoding) count as activity.
    func checkTime(_ now: ContinuousClock.Instant, _ easy: CurlEasy) -> ContinuousClock.Instant? {
        let downloaded = easy.bytesDownloaded
        if downloaded != lastDownloaded {
            lastDownloaded = downloaded
            lastActivity = now
        }
        if now >= deadlineAt {
            let seconds = Int((Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18).rounded(.up))
            end(.failure(NewsError.tooSlow(host: host, seconds: seconds)))
            return nil
        }
        if now - lastActivity >= idleTimeout {
            end(.failure(NewsError.timedOut(host: host)))
            return nil
        }
        return min(deadlineAt, lastActivity + idleTimeout)
    }

    // MARK: libcurl's callbacks (on the driver thread)

    /// One header line. Returns false to abort the hop.
    func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        guard !hasEnded else { return false }
        do {
            guard try lines.add(line) else { return true }
        } catch {
            end(.failure(error))
            return false
        }
        // The head is complete.
        let head = lines.head(url: hop.url, method: hop.method)
        if (100..<200).contains(head.status) {
            lines.reset()  // an interim answer: the real one follows
            return true
        }
        let refusedCoding = ContentCodings.refused(head.headers)
        if RedirectPolicy.statuses.contains(head.status), let location = head.headers["location"], !location.isEmpty {
            return follow(head.status, location) && refusedCoding == nil  // a body we will not decode is not drained
        }
        if let coding = refusedCoding {
            end(.failure(NewsError.unsupportedEncoding(host: host, encoding: Sanitizer.clean(coding, maxLength: 40))))
            return false
        }
        return deliver(head)
    }

    /// Decides the next hop; false (and the transfer ended) when the redirect is refused.
    private func follow(_ status: Int, _ location: String) -> Bool {
        guard hops < RedirectPolicy.maxHops else {
            end(.failure(NewsError.transport("\(host) redirected too many times")))
            return false
        }
        do {
            redirect = try RedirectPolicy.next(
                after: hop, status: status, location: location, origin: origin, sensitiveHeaders: sensitiveHeaders)
            return true
        } catch {
            end(.failure(error))
            return false
        }
    }

    /// The final response's head, to the sink.
    private func deliver(_ head: ResponseHead) -> Bool {
        let refusal: (CheckedContinuation<ResponseHead, Error>?, Error)? = state.withLock { state in
            guard state.outcome == nil else { return (nil, CancellationError()) }
            state.head = head
            do {
                try sink.receive(head: head)
                return nil
            } catch {
                return (state.settle(.failure(error)), error)
            }
        }
        guard let refusal else { return true }
        refusal.0?.resume(throwing: refusal.1)
        return false
    }

    /// A piece of the decoded body (at most 16 KiB). Returns false to abort the hop at once.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        if redirect != nil {
            drained += bytes.count
            return drained <= Self.redirectBodyLimit
        }
        let data = Data(bytes)
        enum BodyTurn { case accepted(TransferProgress?), refused(CheckedContinuation<ResponseHead, Error>?, Error), ended }
        let step: BodyTurn = state.withLock { state in
            guard state.outcome == nil else { return .ended }  // refused or cancelled: stop reading
            do {
                try sink.receive(bytes: data)
            } catch {
                return .refused(state.settle(.failure(error)), error)
            }
            state.received += Int64(data.count)
            let current = TransferProgress(received: state.received, expected: state.head?.expectedLength)
            return .accepted(state.throttle.shouldReport(current, now: .now) ? current : nil)
        }
        switch step {
        case .accepted(let report):
            if let report { progress?(report) }
            return true
        case .refused(let continuation, let error):
            continuation?.resume(throwing: error)
            return false
        case .ended:
            return false
        }
    }
}
