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
    /// pixel size once known, and returns the bytes with the header's facts.
    public func fetch(_ url: URL, progress: @escaping @Sendable (ImageFetchProgress) -> Void) async throws -> FetchedImage {
        let data: Data
        if url.isFileURL {
            data = try LocalFile.read(url, limit: sizeLimit)
            let info = ImageInfo.parse(data)
            let size = info.flatMap { info in info.width.flatMap { width in info.height.map { PixelSize(width: width, height: $0) } } }
            progress(ImageFetchProgress(transfer: TransferProgress(received: Int64(data.count), expected: Int64(data.count)), pixelSize: size))
        } else {
            let sink = HeaderSniffingSink(limit: sizeLimit)
            let head = try await http.transfer(HTTPRequest(url: url), into: sink) { transfer in
                progress(ImageFetchProgress(transfer: transfer, pixelSize: sink.pixelSize))
            }
            guard head.isSuccess else { throw NewsError.http(status: head.status, code: nil, message: nil) }
            data = sink.takeData()
        }
        guard let info = ImageInfo.parse(data) else {
            throw NewsError.invalidDocument("it is not an image (\(SniffedText(data)?.name ?? (data.isEmpty ? "empty" : "unknown bytes")))")
        }
        return FetchedImage(data: data, info: info)
    }
}

/// A `MemorySink` that also reads the pixel size from the image's header as soon as enough
/// of it has arrived. It looks at the first 256 KiB at most (a JPEG's frame header may come
/// after large metadata), and stops looking once it has the size.
final class HeaderSniffingSink: TransferSink, @unchecked Sendable {
    static let sniffLimit = 256 * 1024
    private let body: MemorySink
    /// Touched only by the sink's calls (one at a time, see `TransferSink`).
    private var prefix: [UInt8] = []
    private var done = false
    private let size = Mutex<PixelSize?>(nil)

    init(limit: Int) { body = MemorySink(limit: limit) }

    /// The header's pixel size, once read; safe from any thread.
    var pixelSize: PixelSize? { size.withLock { $0 } }

    func receive(head: ResponseHead) throws { try body.receive(head: head) }

    func receive(bytes: Data) throws {
        try body.receive(bytes: bytes)
        guard !done else { return }
        prefix.append(contentsOf: bytes.prefix(Self.sniffLimit - prefix.count))
        if let format = ImageFormat.detect(prefix), let found = ImageHeader.pixelSize(format, prefix) {
            size.withLock { $0 = PixelSize(width: found.width, height: found.height) }
            done = true
        } else if prefix.count >= Self.sniffLimit || (prefix.count >= ImageFormat.signatureLength && ImageFormat.detect(prefix) == nil) {
            done = true  // not an image, or a header we cannot find: the final parse decides
        }
        if done { prefix = [] }
    }

    func takeData() -> Data { body.takeData() }
}
