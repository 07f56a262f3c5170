import CCurl
import FoundationEssentials
import Synchronization

/// The one thread that drives every HTTP transfer: it owns a libcurl multi handle (so
/// connections and DNS answers are reused across transfers) and every easy handle in it, and
/// sleeps in `curl_multi_poll` until a socket, a timer or `wakeUp` needs it (`CurlLoop`).
///
/// Other threads only append to a locked list and call `curl_multi_wakeup` (the one multi call
/// libcurl allows from another thread), so nobody ever waits for the driver thread.
final class CurlDriver: Sendable {
    /// Started on first use, which loads libcurl (see ccurl.h); the failure says why it could not.
    static let shared: Result<CurlDriver, NewsError> = start()

    private let multi: MultiHandle
    private let added = Mutex<[CurlTransfer]>([])

    /// The multi handle's pointer; it is used on the driver thread only, but for `wakeUp`.
    struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private static func start() -> Result<CurlDriver, NewsError> {
        var message = [CChar](repeating: 0, count: 512)
        guard ccurl_load(&message, message.count) == 0 else {
            return .failure(.transport(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        guard let driver = CurlDriver() else { return .failure(.transport("libcurl could not be started")) }
        return .success(driver)
    }

    private init?() {
        guard let pointer = ccurl_multi_init() else { return nil }
        multi = MultiHandle(pointer: pointer)
        // Idle connections kept for reuse; libcurl closes those unused for two minutes.
        _ = ccurl_multi_setopt_long(pointer, CURLMOPT_MAXCONNECTS, 16)
        let started = DetachedThread.start(name: "headlines.curl") { [multi, self] in
            CurlLoop(multi: multi.pointer, driver: self).run()
        }
        guard started else {
            ccurl_multi_cleanup(pointer)
            return nil
        }
    }

    /// Queues `transfer` for its first hop and wakes the driver.
    func submit(_ transfer: CurlTransfer) {
        added.withLock { $0.append(transfer) }
        wakeUp()
    }

    /// Makes the driver look at its transfers now (one ended, or one was added).
    func wakeUp() {
        _ = ccurl_multi_wakeup(multi.pointer)
    }

    /// The transfers submitted since the last call (driver thread).
    func takeAdded() -> [CurlTransfer] {
        added.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}
