import Foundation

/// The status and headers of an HTTP response, before its body.
public struct ResponseHead: Sendable, Equatable {
    public var status: Int
    /// Header names lowercased.
    public var headers: [String: String]
    /// `Content-Length`, when the server sent one and the body is not content-encoded (the body
    /// arrives decoded, so an encoded length would not match it).
    public var expectedLength: Int64?
    /// The URL that answered, after redirects.
    public var url: URL?

    public init(status: Int, headers: [String: String] = [:], expectedLength: Int64? = nil, url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.expectedLength = expectedLength
        self.url = url
    }

    public var contentType: String? { headers["content-type"] }
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Bytes received so far against the total, when the total is known.
public struct TransferProgress: Sendable, Equatable {
    public var received: Int64
    public var expected: Int64?

    public init(received: Int64, expected: Int64?) {
        self.received = received
        self.expected = expected
    }

    /// 0...1, or nil when the size is unknown (an indeterminate bar).
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(received) / Double(expected))
    }
}
