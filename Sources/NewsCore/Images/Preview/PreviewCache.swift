import FoundationEssentials

/// Decoded previews kept for the session, so going back to an article costs nothing. Bounded
/// by the pixels' total bytes; the least recently used preview goes first.
///
/// Decode outside the actor (it is synchronous and slow), then `store`: the actor only guards
/// the table.
public actor PreviewCache {
    public struct Key: Hashable, Sendable {
        public var url: URL
        public var size: PixelSize

        public init(url: URL, size: PixelSize) {
            self.url = url
            self.size = size
        }
    }

    /// 16 MiB: about 1,400 previews of 80×48 pixels, or 120 of 300×160.
    public static let defaultByteLimit = 16 << 20

    public nonisolated let byteLimit: Int
    public private(set) var totalBytes = 0
    private var images: [Key: RGBImage] = [:]
    private var recency = RecencyList<Key>()

    public init(byteLimit: Int = PreviewCache.defaultByteLimit) {
        self.byteLimit = max(0, byteLimit)
    }

    public var count: Int { images.count }

    /// The preview decoded for `url` at the target size `size`, if kept; it becomes the most
    /// recently used.
    public func image(for url: URL, size: PixelSize) -> RGBImage? {
        let key = Key(url: url, size: size)
        guard let image = images[key] else { return nil }
        recency.touch(key)
        return image
    }

    /// Keeps `image` as the preview of `url` at `size`, dropping the least recently used ones
    /// until the total fits. An image larger than the whole limit is not kept.
    public func store(_ image: RGBImage, for url: URL, size: PixelSize) {
        let key = Key(url: url, size: size)
        remove(key)
        guard image.byteCount <= byteLimit else { return }
        while totalBytes + image.byteCount > byteLimit, let oldest = recency.oldest { remove(oldest) }
        images[key] = image
        totalBytes += image.byteCount
        recency.touch(key)
    }

    public func removeAll() {
        images.removeAll()
        recency.removeAll()
        totalBytes = 0
    }

    /// Keys, most recently used first.
    public var keysByRecency: [Key] { recency.keysNewestFirst }

    private func remove(_ key: Key) {
        guard let old = images.removeValue(forKey: key) else { return }
        totalBytes -= old.byteCount
        recency.remove(key)
    }
}
