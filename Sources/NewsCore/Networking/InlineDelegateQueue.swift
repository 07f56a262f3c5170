import Foundation

/// A delegate queue that runs each callback at once, on the thread that hands it over.
///
/// FoundationNetworking calls `addOperation` from its own serial queue, inside libcurl's write
/// callback, once per received chunk of up to 16 KiB. An ordinary queue accepts every chunk and
/// runs it later, with no flow control: a fast server (or a small compressed body that inflates
/// to gigabytes) outruns the consumer and the queue holds gigabytes. Run inline, a chunk is in
/// the sink (or refused) before libcurl reads the next, so memory is bounded by the sink's cap.
///
/// The price: callbacks run on URLSession's internal queue. They must never call back into
/// URLSession synchronously (`URLSessionTask.cancel()` waits for that very queue, a deadlock):
/// `TransferDelegate` cancels from another queue.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
