import FoundationEssentials
import NewsCore

extension PictureLibrary {
    /// What a picture's load tells the screen as it goes.
    package enum Progress: Sendable, Equatable {
        /// Bytes of the image arrived (and, once its header has, its size in pixels).
        case transfer(ImageFetchProgress)
        /// The whole image is in; its decoding begins.
        case fetched(ImageInfo)
    }

    /// Why a picture could not be shown: the image could not be fetched (the image line says
    /// so), or it came but could not be decoded (the picture's room says so).
    package enum Failure: Error {
        case fetch(any Error)
        case decode(any Error)
    }

    /// The picture of `url` as this session shows it: the one kept, else fetched with `loader`,
    /// decoded to fit `decodeBox` on the caller's task (never the main actor's, from a screen's
    /// scope) and kept. Cancellation ends it at once; throws `Failure` else.
    package func picture(
        _ url: URL, loader: ImageLoader, progress: @escaping @Sendable (Progress) -> Void
    ) async throws -> (info: ImageInfo, pixels: RGBImage) {
        if let kept = await cached(url) { return kept }
        let image: FetchedImage
        do {
            image = try await loader.fetch(url) { progress(.transfer($0)) }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw Failure.fetch(error)
        }
        progress(.fetched(image.info))
        try Task.checkCancellation()
        let pixels: RGBImage
        do {
            pixels = try PreviewDecoder.decode(image.data, format: image.info.format, fitting: decodeBox)
        } catch {
            throw Failure.decode(error)
        }
        await keep(pixels, info: image.info, for: url)
        return (image.info, pixels)
    }
}
