import FoundationEssentials
import NewsCore
import Synchronization

/// The session's pictures: decoded previews in a bounded `PreviewCache`, with each image's
/// header facts for the image line, so reopening an article neither fetches nor decodes again.
package final class PictureLibrary: Sendable {
    package let previews: PreviewCache
    /// How many images' facts are kept (a few dozen bytes each); the oldest go first.
    package static let factsLimit = 1_000

    /// The box pictures are decoded to fit for coloured cells (two pixels a cell): larger than
    /// any layout asks for on a usual screen.
    package static let cellsDecodeBox = PixelSize(width: 400, height: 240)
    /// The box every picture of this session is decoded to fit (the article screen lays it out
    /// within it): `cellsDecodeBox`, or `PixelDisplay.decodeBox` on a terminal showing pixels.
    package let decodeBox: PixelSize

    private struct Facts {
        var order: [URL] = []
        var infos: [URL: ImageInfo] = [:]
    }

    private let facts = Mutex(Facts())

    package init(previews: PreviewCache = PreviewCache(), decodeBox: PixelSize = PictureLibrary.cellsDecodeBox) {
        self.previews = previews
        self.decodeBox = decodeBox
    }

    /// The picture of `url` and its facts, when both are kept.
    package func cached(_ url: URL) async -> (info: ImageInfo, pixels: RGBImage)? {
        guard let info = facts.withLock({ $0.infos[url] }),
            let pixels = await previews.image(for: url, size: decodeBox)
        else { return nil }
        return (info, pixels)
    }

    /// Keeps a decoded picture (at `decodeBox`) and its facts.
    package func keep(_ pixels: RGBImage, info: ImageInfo, for url: URL) async {
        facts.withLock { facts in
            if facts.infos.updateValue(info, forKey: url) == nil { facts.order.append(url) }
            if facts.order.count > Self.factsLimit {
                let dropped = facts.order.count - Self.factsLimit
                for old in facts.order.prefix(dropped) { facts.infos.removeValue(forKey: old) }
                facts.order.removeFirst(dropped)
            }
        }
        await previews.store(pixels, for: url, size: decodeBox)
    }
}
