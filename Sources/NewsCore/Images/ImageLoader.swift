import FoundationEssentials

/// Fetches an image into memory to describe it (the article screen), with progress.
public struct ImageLoader: Sendable {
    /// The default cap: 50 MiB.
    public static let defaultSizeLimit = 50 * 1024 * 1024
    public var http: HTTPClient
    public var sizeLimit: Int

    public init(http: HTTPClient = HTTPClient(), sizeLimit: Int = ImageLoader.defaultSizeLimit) {
        self.http = http
        self.sizeLimit = sizeLimit
    }

    /// A short guess at what non-image bytes are, for the message.
    static func describeType(_ data: Data) -> String {
        let head = String(decoding: data.prefix(64), as: UTF8.self).lowercased()
        if head.containsBytes(of: "<!doctype html") || head.containsBytes(of: "<html") { return "HTML" }
        if head.hasPrefix("{") || head.hasPrefix("[") { return "JSON" }
        return data.isEmpty ? "empty" : "unknown bytes"
    }
}
