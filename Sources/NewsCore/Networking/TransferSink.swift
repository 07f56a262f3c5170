import FoundationEssentials

/// Where a transfer's body goes. Called one call at a time (on the transfer driver's thread,
/// from inside libcurl's callbacks, under the transfer's lock) and never after the transfer has
/// ended, so an implementation needs no lock for state only these calls touch, and its owner
/// may discard it once the transfer returns. Each call should be brief: the next chunk is not
/// read until it returns, and a cancellation waits for it.
public protocol TransferSink: AnyObject, Sendable {
    /// The head arrives before any body byte. Throw to refuse the response: the transfer is
    /// cancelled at once and the fetch throws that error.
    func receive(head: ResponseHead) throws
    /// A chunk of the decoded body, at most 16 KiB. Throw to stop the transfer: libcurl aborts
    /// at once (even halfway through inflating a compressed read) and the connection closes.
    func receive(bytes: Data) throws
}
