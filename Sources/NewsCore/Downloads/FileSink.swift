import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// Streams an image into a temporary file inside the save folder, then links it into place.
///
/// The temporary file is created exclusively (`O_EXCL | O_NOFOLLOW`) relative to the folder's
/// descriptor, so nothing planted in the folder is followed. The first bytes decide whether
/// this is an image at all; the size cap is checked against `Content-Length` and as bytes
/// arrive. `commit` fsyncs and links the whole file to its final name without replacing
/// anything (`linkat` fails on an existing name), so a final path never holds a partial file.
/// Until committed, `discard` (or deinit) removes the temporary file.
final class FileSink: TransferSink, @unchecked Sendable {
    static let temporaryPrefix = ".headlines-"
    static let temporarySuffix = ".part"

    private let folder: DirectoryHandle
    let temporaryName: String
    private var fd: Int32
    private let limit: Int
    private var head: [UInt8] = []
    private(set) var format: ImageFormat?
    private(set) var written = 0
    private var contentType: String?
    private var finished = false
    /// What the file must be: an image (by its first bytes), or an enclosure (any file but one
    /// its header or first bytes show to be a page, text or a picture).
    private let expecting: Expectation
    /// Whether the first bytes have been looked at (they are held back until then).
    private var identified = false

    enum Expectation: Sendable {
        case image
        case enclosure(EnclosureTypeCheck)

        /// How many first bytes tell.
        var headLength: Int {
            switch self {
            case .image: return ImageFormat.signatureLength
            case .enclosure: return SniffedText.headLength
            }
        }
    }

    init(folder: DirectoryHandle, limit: Int, expecting: Expectation = .image) throws(SaveError) {
        self.folder = folder
        self.limit = limit
        self.expecting = expecting
        var created: (String, Int32)?
        for _ in 0..<8 {
            let name = Self.temporaryPrefix + "\(getpid())-" + UUID().uuidString.prefix(12) + Self.temporarySuffix
            let descriptor = openat(folder.fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                created = (name, descriptor)
                break
            }
            if errno != EEXIST { throw .folderNotWritable(path: folder.path, reason: FileSystemErrors.reason(errno)) }
        }
        guard let created else { throw .folderNotWritable(path: folder.path, reason: "no temporary name was free") }
        (temporaryName, fd) = created
    }

    deinit { discard() }

    func receive(head response: ResponseHead) throws {
        contentType = response.contentType
        guard response.status == 200 else { throw SaveError.http(status: response.status) }
        if case .enclosure(let check) = expecting, let refusal = check.refusal(served: contentTypeSummary?.lowercased()) {
            throw refusal
        }
        if let expected = response.expectedLength, expected > Int64(limit) { throw SaveError.tooLarge(limit: limit) }
    }

    func receive(bytes: Data) throws {
        guard written + head.count + bytes.count <= limit else { throw SaveError.tooLarge(limit: limit) }
        if !identified {
            // Hold the first bytes back until they show what the file is.
            head.append(contentsOf: bytes)
            guard head.count >= expecting.headLength else { return }
            try identify()
            let pending = head
            head = []
            try write(pending)
        } else {
            try bytes.withUnsafeBytes { try write(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Call when the body has ended: checks a short body too.
    func finishBody() throws {
        if !identified {
            try identify()
            let pending = head
            head = []
            try write(pending)
        }
    }

    private func identify() throws {
        switch expecting {
        case .image:
            guard let detected = ImageFormat.detect(head) else { throw SaveError.notAnImage(contentType: refusedType) }
            format = detected
        case .enclosure(let check):
            if let refusal = check.refusal(head: head) { throw refusal }
        }
        identified = true
    }

    /// What the refused bytes are, for the message. The bytes are trusted over the header: a
    /// page served as `image/png` reads "not an image (text/html)", and a header claiming a type
    /// we accept is never repeated back for bytes that are not one.
    private var refusedType: String? {
        if let sniffed = SniffedText(head) { return sniffed.mediaType }
        guard let summary = contentTypeSummary, !Self.acceptedTypes.contains(summary.lowercased()) else { return nil }
        return summary
    }

    private static let acceptedTypes: Set<String> = ["image/png", "image/jpeg", "image/jpg", "image/pjpeg", "image/gif", "image/webp", "image/avif"]

    private var contentTypeSummary: String? {
        guard let contentType else { return nil }
        let bare = contentType.split(separator: ";").first.map { $0.trimmingSpaces() } ?? contentType
        return Sanitizer.cleanOptional(bare, maxLength: 60)
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    private func write(_ buffer: UnsafeRawBufferPointer) throws {
        if let code = DescriptorWriter.writeAll(fd, buffer) {
            throw SaveError.writeFailed(reason: FileSystemErrors.reason(code))
        }
        written += buffer.count
    }

    /// Makes the file durable and gives it `name` in the folder. Returns false when `name`
    /// is taken (the caller picks another); the temporary file is kept for a retry.
    func commit(as name: String) throws(SaveError) -> Bool {
        if !finished {
            if fsync(fd) != 0 { throw .writeFailed(reason: FileSystemErrors.reason(errno)) }
            close(fd)
            fd = -1
            finished = true
        }
        if linkat(folder.fd, temporaryName, folder.fd, name, 0) != 0 {
            if errno == EEXIST { return false }
            throw .writeFailed(reason: FileSystemErrors.reason(errno))
        }
        unlinkat(folder.fd, temporaryName, 0)
        fsync(folder.fd)
        finished = true
        committed = true
        return true
    }

    private var committed = false

    /// Removes the temporary file (nothing is left behind on failure or cancellation).
    func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        if !committed {
            unlinkat(folder.fd, temporaryName, 0)
            committed = true  // only once
        }
    }
}
