import FoundationEssentials
import Synchronization

/// An image fetched to be shown: its bytes and what its header says.
public struct FetchedImage: Sendable {
    public let data: Data
    public let info: ImageInfo

    public init(data: Data, info: ImageInfo) {
        self.data = data
        self.info = info
    }
}

/// How far an image fetch has got, and the picture's pixel size as soon as its header has
/// arrived (so a placeholder can take the picture's final size before the last byte).
public struct ImageFetchProgress: Sendable, Equatable {
    public var transfer: TransferProgress
    public var pixelSize: PixelSize?

    public init(transfer: TransferProgress, pixelSize: PixelSize? = nil) {
        self.transfer = transfer
        self.pixelSize = pixelSize
    }
}

extension ImageLoader {
    /// Downloads (or reads, for a local edition) the image, reporting progress with the header's
    /// pixel size once known, and returns the bytes with the header's facts. The header is read
    /// once, as it arrives; `PreviewDecoder` takes the format found here.
    public func fetch(_ url: URL, progress: @escaping @Sendable (ImageFetchProgress) -> Void) async throws -> FetchedImage {
        let data: Data
        let info: ImageInfo?
        if url.isFileURL {
            data = try LocalFile.read(url, limit: sizeLimit)
            info = ImageInfo.parse(data)
            progress(ImageFetchProgress(transfer: TransferProgress(received: Int64(data.count), expected: Int64(data.count)), pixelSize: info?.pixelSize))
        } else {
            let sink = HeaderSniffingSink(limit: sizeLimit)
            let head = try await http.transfer(HTTPRequest(url: url), into: sink) { transfer in
                progress(ImageFetchProgress(transfer: transfer, pixelSize: sink.pixelSize))
            }
            guard head.isSuccess else { throw NewsError.http(status: head.status, code: nil, message: nil) }
            (data, info) = sink.takeImage()
        }
        guard let info else {
            throw NewsError.invalidDocument("it is not an image (\(SniffedText(data)?.name ?? (data.isEmpty ? "empty" : "unknown bytes")))")
        }
        return FetchedImage(data: data, info: info)
    }
}

/// A `MemorySink` that also reads the image's header as soon as enough of it has arrived: its
/// pixel size for the placeholder while the rest comes, its facts for the whole. It keeps the
/// first `ImageInfo.headerLimit` bytes at most, and stops looking once it has the size or
/// knows the bytes are no image.
final class HeaderSniffingSink: TransferSink, @unchecked Sendable {
    private let body: MemorySink
    /// Touched only by the sink's calls (one at a time, see `TransferSink`).
    private var prefix: [UInt8] = []
    private var found: ImageInfo?
    private var done = false
    private let size = Mutex<PixelSize?>(nil)

    init(limit: Int) { body = MemorySink(limit: limit) }

    /// The header's pixel size, once read; safe from any thread.
    var pixelSize: PixelSize? { size.withLock { $0 } }

    func receive(head: ResponseHead) throws { try body.receive(head: head) }

    func receive(bytes: Data) throws {
        try body.receive(bytes: bytes)
        guard !done else { return }
        prefix.append(contentsOf: bytes.prefix(ImageInfo.headerLimit - prefix.count))
        found = ImageInfo.parse(head: prefix, byteCount: 0)
        if let pixelSize = found?.pixelSize {
            size.withLock { $0 = pixelSize }
            done = true
        } else if prefix.count >= ImageInfo.headerLimit || (prefix.count >= ImageFormat.signatureLength && found == nil) {
            done = true  // a header without its size, or not an image
        }
        if done { prefix = [] }
    }

    /// The body, with the header's facts (nil when it is not an image).
    func takeImage() -> (Data, ImageInfo?) {
        let data = body.takeData()
        return (data, found.map { ImageInfo(format: $0.format, width: $0.width, height: $0.height, byteCount: data.count) })
    }
}
