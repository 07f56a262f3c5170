import FoundationEssentials

/// One save from start to finish: reuse an existing file, or stream the image (from the
/// network or a local edition) into a `FileSink` and commit it under a free safe name.
struct ImageSaveJob: Sendable {
    let request: SaveRequest
    let directory: DirectoryHandle
    let folder: URL
    let http: HTTPClient
    let limit: Int

    func run(progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> SavedImage {
        let stem = SafeFileName.stem(title: request.title, imageURL: request.imageURL)
        if let existing = existingFile(stem: stem) { return existing }
        try Task.checkCancellation()
        let sink = try FileSink(folder: directory, limit: limit)
        defer { sink.discard() }
        try await SaveError.reporting {
            if request.imageURL.isFileURL {
                try await copyLocal(into: sink, progress: progress)
            } else {
                _ = try await http.transfer(HTTPRequest(url: request.imageURL), into: sink, progress: progress)
            }
            try sink.finishBody()
        }
        try Task.checkCancellation()
        guard let format = sink.format else { throw SaveError.notAnImage(contentType: nil) }
        // The plain name, or -2, -3... when something else (a planted link, another file) holds it.
        for attempt in 1...50 {
            let name = SafeFileName.name(stem: stem, format: format, attempt: attempt)
            if try sink.commit(as: name) {
                return SavedImage(file: folder.appendingPathComponent(name), format: format, byteCount: sink.written, alreadySaved: false)
            }
        }
        throw SaveError.writeFailed(reason: "no free file name")
    }

    /// A regular file from an earlier save of this image: where the cache says it went, else
    /// under its name (same title and URL hash), plain or -2, -3... when something else held
    /// the plain name at the time.
    private func existingFile(stem: String) -> SavedImage? {
        if let noted = request.savedBefore, let saved = savedFile(noted) { return saved }
        for attempt in 1...50 {
            var taken = false
            for format in ImageFormat.allCases {
                let name = SafeFileName.name(stem: stem, format: format, attempt: attempt)
                switch directory.entry(name) {
                case .file(let size) where size > 0:
                    return SavedImage(file: folder.appendingPathComponent(name), format: format, byteCount: size, alreadySaved: true)
                case nil: continue
                default: taken = true
                }
            }
            if !taken { return nil }  // these names were free, so no save went on to the next
        }
        return nil
    }

    /// The non-empty regular file at `file`, when it is in the save folder and named as saves name files.
    private func savedFile(_ file: URL) -> SavedImage? {
        let name = file.lastPathComponent
        guard !name.hasPrefix("."), file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path,
            let format = ImageFormat.allCases.first(where: { name.hasSuffix("." + $0.fileExtension) }),
            case .file(let size) = directory.entry(name), size > 0
        else { return nil }
        return SavedImage(file: folder.appendingPathComponent(name), format: format, byteCount: size, alreadySaved: true)
    }

    /// Copies an image from a local edition through the same sink (sniffing, cap, atomic commit).
    private func copyLocal(into sink: FileSink, progress: @escaping @Sendable (TransferProgress) -> Void) async throws {
        let path = request.imageURL.path
        let opened: LocalFile.Opened
        do { opened = try LocalFile.open(request.imageURL) } catch { throw SaveError.network(error) }
        let handle = opened.handle
        defer { handle.close() }
        let size: Int64? = opened.size
        try sink.receive(head: ResponseHead(status: 200, expectedLength: size))
        var total: Int64 = 0
        var throttle = ProgressThrottle()
        while true {
            try Task.checkCancellation()
            let chunk: Data
            do { chunk = try handle.read(upToCount: 256 * 1024) } catch {
                throw SaveError.network(.file(path: path, reason: "it cannot be read"))
            }
            if chunk.isEmpty { break }
            try sink.receive(bytes: chunk)
            total += Int64(chunk.count)
            let current = TransferProgress(received: total, expected: size)
            if throttle.shouldReport(current, now: .now) { progress(current) }
        }
        progress(TransferProgress(received: total, expected: size ?? total))  // the final count, as for downloads
    }
}
