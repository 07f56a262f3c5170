import FoundationEssentials

/// One enclosure download from start to finish: the file noted by an earlier download, else
/// the link streamed into a `FileSink` in its source's folder (refused when it is plainly not a
/// recording the feed announced one; its own cap) and
/// linked into place under the name the link ends with, `-2`, `-3`... when that is taken. Memory
/// stays constant whatever the size: each chunk is written as it arrives.
struct EnclosureSaveJob: Sendable {
    let request: EnclosureRequest
    let directory: DirectoryHandle
    let folder: URL
    let http: HTTPClient
    let limit: Int

    func run(progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> SavedEnclosure {
        if let noted = request.savedBefore, let saved = savedFile(noted) { return saved }
        try Task.checkCancellation()
        let sink = try FileSink(folder: directory, limit: limit, expecting: .enclosure(EnclosureTypeCheck(announced: request.mimeType)))
        defer { sink.discard() }
        // A long episode on a slow line takes longer than a page may: only a stall (no byte for
        // the client's timeout) stops it, and the cap stops a server that never ends.
        var client = http
        client.deadline = .infinity
        try await SaveError.reporting {
            _ = try await client.transfer(HTTPRequest(url: request.url), into: sink, progress: progress)
            try sink.finishBody()
        }
        try Task.checkCancellation()
        for attempt in 1...50 {
            let name = PodcastFolder.fileName(request.url, attempt: attempt)
            if try sink.commit(as: name) {
                return SavedEnclosure(file: folder.appendingPathComponent(name), byteCount: sink.written, alreadySaved: false)
            }
        }
        throw SaveError.writeFailed(reason: "no free file name")
    }

    /// The non-empty regular file at `file`, when it is in this source's folder.
    private func savedFile(_ file: URL) -> SavedEnclosure? {
        let name = file.lastPathComponent
        guard !name.hasPrefix("."), file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path,
            case .file(let size) = directory.entry(name), size > 0
        else { return nil }
        return SavedEnclosure(file: folder.appendingPathComponent(name), byteCount: size, alreadySaved: true)
    }
}
