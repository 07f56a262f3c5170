import FoundationEssentials

/// One download from start to finish, whatever it saves: a file from an earlier save is found
/// again with no fetch; else the link (from the network, or a local edition's file) streams
/// into a `FileSink` in the folder (its first bytes checked, its cap counted as bytes arrive)
/// and is linked into place under the first free name the naming gives (plain, then -2,
/// -3...), so a final name never holds a partial file and nothing planted is replaced. Memory
/// stays constant whatever the size. What differs between images and enclosures is the naming.
struct SaveJob<Naming: SaveNaming>: Sendable {
    let link: URL
    let naming: Naming
    let directory: DirectoryHandle
    let folder: URL
    let http: HTTPClient
    let limit: Int

    func run(progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> Naming.Saved {
        if let earlier = naming.earlierSave(in: directory, folder: folder) { return earlier }
        try Task.checkCancellation()
        let sink = try FileSink(folder: directory, limit: limit, expecting: naming.expecting)
        defer { sink.discard() }
        try await SaveError.reporting {
            if link.isFileURL {
                try await LocalCopy.copy(link, into: sink, progress: progress)
            } else {
                _ = try await http.transfer(HTTPRequest(url: link), into: sink, progress: progress)
            }
            try sink.finishBody()
        }
        try Task.checkCancellation()
        // The plain name, or -2, -3... when something else (a planted link, another file) holds it.
        for attempt in 1...50 {
            let name = try naming.name(attempt: attempt, of: sink)
            if try sink.commit(as: name) { return naming.saved(folder.appendingPathComponent(name), from: sink) }
        }
        throw SaveError.writeFailed(reason: "no free file name")
    }
}

/// How one kind of save names its file, finds an earlier save, and what it reports.
protocol SaveNaming: Sendable {
    associatedtype Saved: Sendable
    /// What the first bytes must show (an image; anything an enclosure may be).
    var expecting: FileSink.Expectation { get }
    /// A non-empty regular file from an earlier save of the same thing, if there is one.
    func earlierSave(in directory: DirectoryHandle, folder: URL) -> Saved?
    /// The file's name on the `attempt`th try (1: the plain name).
    func name(attempt: Int, of sink: FileSink) throws(SaveError) -> String
    /// What the finished save reports.
    func saved(_ file: URL, from sink: FileSink) -> Saved
}

extension SaveNaming {
    /// The non-empty regular file at `file` when it is in `folder` (not hidden), as a cache's note
    /// of an earlier save must be to be trusted; its size.
    func notedFile(_ file: URL, in directory: DirectoryHandle, folder: URL) -> Int? {
        let name = file.lastPathComponent
        guard !name.hasPrefix("."), file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path,
            case .file(let size) = directory.entry(name), size > 0
        else { return nil }
        return size
    }
}
