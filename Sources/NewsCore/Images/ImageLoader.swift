import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    /// Downloads (or reads, for a local edition) the image and reads its header.
    public func load(_ url: URL, progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> ImageInfo {
        let data: Data
        if url.isFileURL {
            data = try LocalFile.read(url, limit: sizeLimit)
            progress(TransferProgress(received: Int64(data.count), expected: Int64(data.count)))
        } else {
            let (head, body) = try await http.fetch(URLRequest(url: url), limit: sizeLimit, progress: progress)
            guard head.isSuccess else { throw NewsError.http(status: head.status, code: nil, message: nil) }
            data = body
        }
        guard let info = ImageInfo.parse(data) else {
            throw NewsError.invalidDocument("it is not an image (\(ImageLoader.describeType(data)))")
        }
        return info
    }

    /// A short guess at what non-image bytes are, for the message.
    static func describeType(_ data: Data) -> String {
        let head = String(decoding: data.prefix(64), as: UTF8.self).lowercased()
        if head.contains("<!doctype html") || head.contains("<html") { return "HTML" }
        if head.hasPrefix("{") || head.hasPrefix("[") { return "JSON" }
        return data.isEmpty ? "empty" : "unknown bytes"
    }
}
