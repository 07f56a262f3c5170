/// A response's validators (`ETag`, `Last-Modified`), sent back on the next request so that an
/// unchanged feed answers 304 Not Modified and costs no parse and no write.
public struct HTTPValidators: Sendable, Hashable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Validators are echoed to the server as they came; longer than this, they are dropped.
    static let maxLength = 1_000
}
