import FoundationEssentials
import NewsCore
import Synchronization

/// The session's pictures: decoded previews in a bounded `PreviewCache`, with each image's
/// header facts for the image line, so reopening an article neither fetches nor decodes again.
public final class PictureLibrary: Sendable {
    public let previews: PreviewCache
    /// How many images' facts are kept (a few dozen bytes each); the oldest go first.
    public static let factsLimit = 1_000

    private struct Facts {
        var order: [URL] = []
        var infos: [URL: ImageInfo] = [:]
    }

    private let facts = Mutex(Facts())

    public init(previews: PreviewCache = PreviewCache()) {
        self.previews = previews
    }

    /// The picture of `url` and its facts, when both are kept.
    public func cached(_ url: URL) async -> (info: ImageInfo, pixels: RGBImage)? {
        guard let info = facts.withLock({ $0.infos[url] }),
            let pixels = await previews.image(for: url, size: PictureLayout.decodeBox)
        else { return nil }
        return (info, pixels)
    }

    /// Keeps a decoded picture (at `PictureLayout.decodeBox`) and its facts.
    public func keep(_ pixels: RGBImage, info: ImageInfo, for url: URL) async {
        facts.withLock { facts in
            if facts.infos.updateValue(info, forKey: url) == nil { facts.order.append(url) }
            if facts.order.count > Self.factsLimit {
                let dropped = facts.order.count - Self.factsLimit
                for old in facts.order.prefix(dropped) { facts.infos.removeValue(forKey: old) }
                facts.order.removeFirst(dropped)
            }
        }
        await previews.store(pixels, for: url, size: PictureLayout.decodeBox)
    }
}
