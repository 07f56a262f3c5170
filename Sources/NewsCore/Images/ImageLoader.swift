import FoundationEssentials

/// Fetches an image into memory to describe it (the article screen), with progress.
public struct ImageLoader: Sendable {
    /// The default cap on an image's bytes, shown or saved (`max-image-size`): 50 MiB.
    public static let defaultSizeLimit = 50 * 1024 * 1024
    public var http: HTTPClient
    public var sizeLimit: Int

    public init(http: HTTPClient = HTTPClient(), sizeLimit: Int = ImageLoader.defaultSizeLimit) {
        self.http = http
        self.sizeLimit = sizeLimit
    }
}
