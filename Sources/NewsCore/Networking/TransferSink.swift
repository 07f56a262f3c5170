import Foundation

/// Where a transfer's body goes. Called on the transfer's private serial queue, one call at
/// a time, so an implementation needs no lock for state only these calls touch.
public protocol TransferSink: AnyObject, Sendable {
    /// The head arrives before any body byte. Throw to refuse the response: the transfer is
    /// cancelled at once and the fetch throws that error.
    func receive(head: ResponseHead) throws
    /// A chunk of the body. Throw to stop the transfer.
    func receive(bytes: Data) throws
}

/// Collects the body in memory, up to a limit.
public final class MemorySink: TransferSink, @unchecked Sendable {
    private let limit: Int
    private(set) public var data = Data()

    public init(limit: Int) { self.limit = limit }

    public func receive(head: ResponseHead) throws {
        if let expected = head.expectedLength, expected > Int64(limit) { throw NewsError.tooLarge(limit: limit) }
        if let expected = head.expectedLength { data.reserveCapacity(Int(expected)) }
    }

    public func receive(bytes: Data) throws {
        guard data.count + bytes.count <= limit else { throw NewsError.tooLarge(limit: limit) }
        data.append(bytes)
    }
}
