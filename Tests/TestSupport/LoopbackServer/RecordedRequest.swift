import Foundation

/// One request as the server saw it. Recorded as soon as the head is parsed, then
/// updated live while the response goes out, so tests can watch a transfer in progress.
public struct RecordedRequest: Sendable {
    /// 0, 1, 2... in arrival order.
    public let id: Int
    public let method: String
    /// Without the query.
    public let path: String
    /// Raw query string, nil if none.
    public let query: String?
    /// Raw request target as received.
    public let target: String
    /// Header names lowercased; repeated headers joined with ", ".
    public let headers: [String: String]
    public let receivedAt: ContinuousClock.Instant
    /// Body bytes written so far.
    public var bodyBytesSent: Int = 0
    /// The whole response was written.
    public var finished: Bool = false
    /// When the server saw the client hang up (early, or after a finished response).
    public var clientClosedAt: ContinuousClock.Instant?
    /// The client went away before the response was finished (delay, hang or trickle).
    public var abortedByClient: Bool = false

    init(id: Int, head: RequestHead, receivedAt: ContinuousClock.Instant) {
        self.id = id
        self.method = head.method
        self.path = head.path
        self.query = head.query
        self.target = head.target
        self.headers = head.headers
        self.receivedAt = receivedAt
    }
}
