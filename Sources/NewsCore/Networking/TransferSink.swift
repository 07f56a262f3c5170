import Foundation

/// Where a transfer's body goes. Called one call at a time (on URLSession's own queue, under
/// the transfer's lock) and never after the transfer has ended, so an implementation needs no
/// lock for state only these calls touch, and its owner may discard it once the transfer returns.
public protocol TransferSink: AnyObject, Sendable {
    /// The head arrives before any body byte. Throw to refuse the response: the transfer is
    /// cancelled at once and the fetch throws that error.
    func receive(head: ResponseHead) throws
    /// A chunk of the body. Throw to stop the transfer.
    func receive(bytes: Data) throws
}
