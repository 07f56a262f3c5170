import CCurl
import FoundationEssentials

/// The driver thread's loop: add the handles of new transfers, let libcurl move every transfer
/// along (its callbacks run here), collect the hops that finished, drop the handles of
/// transfers that ended (refused, cancelled, out of time), then sleep until the next socket
/// event, libcurl timer, deadline of ours or `curl_multi_wakeup`.
final class CurlLoop {
    private let multi: UnsafeMutableRawPointer
    private let driver: CurlDriver
    /// Every easy handle in the multi handle, with its transfer (which this keeps alive, since
    /// libcurl's callbacks reach it through an unretained pointer).
    private var active: [UnsafeMutableRawPointer: (easy: CurlEasy, transfer: CurlTransfer)] = [:]

    /// The longest sleep, so that a lost wakeup costs at most this.
    private static let maxSleep = Duration.seconds(1)

    init(multi: UnsafeMutableRawPointer, driver: CurlDriver) {
        self.multi = multi
        self.driver = driver
    }

    func run() -> Never {
        while true {
            for transfer in driver.takeAdded() where !transfer.hasEnded { begin(transfer) }
            var running: Int32 = 0
            _ = ccurl_multi_perform(multi, &running)
            collectFinishedHops()
            let wake = dropEndedTransfers()
            let sleep = max(.zero, min(Self.maxSleep, wake - .now))
            _ = ccurl_multi_poll(multi, nil, 0, Int32((sleep / .milliseconds(1)).rounded(.up)), nil)
        }
    }

    /// Starts the transfer's current hop.
    private func begin(_ transfer: CurlTransfer) {
        guard let easy = transfer.beginHop() else { return }
        let code = ccurl_multi_add_handle(multi, easy.handle)
        guard code == CURLM_OK else {
            easy.cleanup()
            transfer.fail(NewsError.transport("libcurl could not start a transfer (\(String(cString: ccurl_multi_strerror(code))))"))
            return
        }
        active[easy.handle] = (easy, transfer)
    }

    private func collectFinishedHops() {
        var queued: Int32 = 0
        while let message = ccurl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = ccurl_msg_result(message)
            guard let (easy, transfer) = remove(handle) else { continue }
            let another = transfer.hopEnded(code, easy)
            easy.cleanup()
            if another { begin(transfer) }
        }
    }

    /// Removes the handles of transfers that have ended (removing a handle mid-transfer closes
    /// its connection) and ends those out of time. Returns when to look at the clock again.
    private func dropEndedTransfers() -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        var wake = now + Self.maxSleep
        for (handle, entry) in active {
            if !entry.transfer.hasEnded, let next = entry.transfer.checkTime(now, entry.easy) {
                wake = min(wake, next)
                continue
            }
            _ = remove(handle)
            entry.easy.cleanup()
        }
        return wake
    }

    private func remove(_ handle: UnsafeMutableRawPointer) -> (easy: CurlEasy, transfer: CurlTransfer)? {
        guard let entry = active.removeValue(forKey: handle) else { return nil }
        _ = ccurl_multi_remove_handle(multi, handle)
        return entry
    }
}
