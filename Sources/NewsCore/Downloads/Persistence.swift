import FoundationEssentials
import Glibc

/// Owns saving images to disk. A save waits for a slot (at most `maxConcurrent` run at once),
/// then runs its job in the caller's task: an image already saved reports the existing file,
/// else it streams to a temporary file in the save folder and is linked into place whole (see
/// `FileSink`). One save of an image at a time is the caller's to ensure (`DownloadCenter`
/// refuses a second while the first runs).
public actor Persistence {
    public nonisolated let folder: URL
    public let sizeLimit: Int
    private let http: HTTPClient
    private let limiter: AsyncLimiter
    /// Saves started and not yet returned (waiting for a slot, or running).
    private var running = 0
    private var directory: DirectoryHandle?
    /// Where enclosures go, one folder per source (`podcast-dir`).
    public let podcastFolder: URL
    /// The largest enclosure downloaded: generous (a long video), but a server that never ends stops.
    public let enclosureLimit: Int
    public static let defaultEnclosureLimit = 4 << 30  // 4 GiB
    /// The podcast folder's source folders opened so far, by name.
    private var sourceFolders: [String: DirectoryHandle] = [:]

    public init(
        folder: URL, http: HTTPClient = HTTPClient(), sizeLimit: Int = ImageLoader.defaultSizeLimit, maxConcurrent: Int = 4,
        podcastFolder: URL? = nil, enclosureLimit: Int = Persistence.defaultEnclosureLimit
    ) {
        self.folder = folder
        self.http = http
        self.sizeLimit = sizeLimit
        self.podcastFolder = podcastFolder ?? PodcastFolder.resolve(explicit: nil, environment: [:])
        self.enclosureLimit = enclosureLimit
        limiter = AsyncLimiter(limit: maxConcurrent)
    }

    /// Writes the article as a Markdown file in the save folder (`s`), whole or not at all; returns the file.
    public func saveArticle(_ article: Article) throws -> URL {
        try ArticleFile.save(article, in: folder)
    }

    /// Waits for a slot (the same as images'), then downloads the enclosure into its source's
    /// folder, as `save` does an image: cancelling removes the temporary file before returning.
    public func saveEnclosure(
        _ request: EnclosureRequest, progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }
    ) async throws -> SavedEnclosure {
        try Task.checkCancellation()
        let name = PodcastFolder.folderName(request.sourceName)
        let sourceFolder = podcastFolder.appendingPathComponent(name, isDirectory: true)
        let directory = try sourceFolders[name] ?? DirectoryHandle(sourceFolder)
        sourceFolders[name] = directory
        // A long episode on a slow line takes longer than a page may: only a stall (no byte for
        // the client's timeout) stops it, and the cap stops a server that never ends.
        var client = http
        client.deadline = .infinity
        let job = SaveJob(
            link: request.url, naming: EnclosureNaming(request: request), directory: directory, folder: sourceFolder, http: client,
            limit: enclosureLimit)
        running += 1
        defer { running -= 1 }
        return try await limiter.withSlot { try await job.run(progress: progress) }
    }

    /// Waits for a slot, then saves the image, reporting progress (at most once per percent, 30
    /// times a second). Cancelling the calling task stops the save; it returns (throwing
    /// `CancellationError`) once its temporary file is removed.
    public func save(_ request: SaveRequest, progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }) async throws -> SavedImage {
        try Task.checkCancellation()
        let job = SaveJob(link: request.imageURL, naming: ImageNaming(request), directory: try openDirectory(), folder: folder, http: http, limit: sizeLimit)
        running += 1
        defer { running -= 1 }
        return try await limiter.withSlot { try await job.run(progress: progress) }
    }

    /// Runs `body` (which cancels saves) so that no queued save starts meanwhile: a queued
    /// save whose cancellation is still on its way cannot take a slot another one freed.
    public nonisolated func withQueueHeld(_ body: () -> Void) {
        limiter.withGrantsHeld(body)
    }

    /// How many saves are waiting for a slot or running now.
    public var activeCount: Int { running }

    private func openDirectory() throws(SaveError) -> DirectoryHandle {
        if let directory { return directory }
        let handle = try DirectoryHandle(folder)
        directory = handle
        return handle
    }

    /// Removes temporary files left by a process that was killed mid-save (ours or an
    /// earlier run's whose process is gone). Returns how many were removed.
    @discardableResult
    public func cleanLeftovers() throws -> Int {
        removeLeftovers(in: try openDirectory())
    }

    /// `cleanLeftovers` for enclosures: in each source's folder of the podcast folder (only
    /// real folders one level down, never through a link). A missing podcast folder has none.
    @discardableResult
    public func cleanPodcastLeftovers() -> Int {
        var removed = 0
        let fileManager = FileManager.default
        // An unreadable podcast folder has nothing to clean; a download into it says why it fails.
        let names = (try? fileManager.contentsOfDirectory(atPath: podcastFolder.path)) ?? []
        for name in names where !name.hasPrefix(".") {
            let url = podcastFolder.appendingPathComponent(name, isDirectory: true)
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            guard let directory = try? sourceFolders[name] ?? DirectoryHandle(url) else { continue }  // not writable: nothing to do
            removed += removeLeftovers(in: directory)
        }
        return removed
    }

    private func removeLeftovers(in directory: DirectoryHandle) -> Int {
        var removed = 0
        for name in directory.names() where name.hasPrefix(FileSink.temporaryPrefix) && name.hasSuffix(FileSink.temporarySuffix) {
            let pid = name.dropFirst(FileSink.temporaryPrefix.count).split(separator: "-").first.flatMap { Int32($0) }
            if let pid, pid > 0, pid != getpid(), kill(pid, 0) == 0 {
                continue  // another running Headlines is writing it
            }
            if pid == getpid(), running > 0 { continue }  // one of our own saves in progress
            directory.remove(name)
            removed += 1
        }
        return removed
    }
}
