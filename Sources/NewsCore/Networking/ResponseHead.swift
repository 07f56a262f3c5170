import FoundationEssentials

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

    /// The body's encoding, lowercased; nil when there is none (or `identity`).
    public var contentEncoding: String? {
        guard let value = headers["content-encoding"]?.trimmingSpaces().lowercased(),
            !value.isEmpty, value != "identity"
        else { return nil }
        return value
    }
}
