import FoundationEssentials
import Glibc

/// Owns saving images to disk. Saves run off the main actor, at most `maxConcurrent` at once;
/// a second save of an image being saved joins the first; an image already saved reports
/// the existing file. Files stream to a temporary file in the save folder and are linked
/// into place whole (see `FileSink`).
public actor Persistence {
    public let folder: URL
    public let sizeLimit: Int
    private let http: HTTPClient
    private let limiter: AsyncLimiter
    private var inFlight: [URL: SharedSave] = [:]
    private var directory: DirectoryHandle?

    public static let defaultSizeLimit = 50 * 1024 * 1024

    public init(folder: URL, http: HTTPClient = HTTPClient(), sizeLimit: Int = Persistence.defaultSizeLimit, maxConcurrent: Int = 4) {
        self.folder = folder
        self.http = http
        self.sizeLimit = sizeLimit
        limiter = AsyncLimiter(limit: maxConcurrent)
    }

    /// Saves the image, reporting progress (at most once per percent, 30 times a second).
    /// Cancelling the calling task stops this caller's wait; the transfer stops (and its
    /// temporary file is removed) when no caller wants it any more.
    public func save(_ request: SaveRequest, progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }) async throws -> SavedImage {
        try Task.checkCancellation()
        let key = request.imageURL
        if let shared = inFlight[key], shared.isJoinable {
            return try await shared.join(progress: progress)
        }
        let directory = try openDirectory()
        let shared = SharedSave()
        inFlight[key] = shared
        let http = self.http
        let limiter = self.limiter
        let limit = sizeLimit
        let folderURL = folder
        shared.start { report in
            try await limiter.withSlot {
                try await ImageSaveJob(request: request, directory: directory, folder: folderURL, http: http, limit: limit).run(progress: report)
            }
        } onEnd: { [weak self] in
            Task { await self?.finished(key, shared) }
        }
        return try await shared.join(progress: progress)
    }

    private func finished(_ key: URL, _ shared: SharedSave) {
        if inFlight[key] === shared { inFlight.removeValue(forKey: key) }
    }

    /// Runs `body` (which cancels saves) so that no queued save starts meanwhile: a queued
    /// save whose cancellation is still on its way cannot take a slot another one freed.
    public nonisolated func withQueueHeld(_ body: () -> Void) {
        limiter.withGrantsHeld(body)
    }

    /// Waits until every transfer started so far has wound down. Cancelled saves return to
    /// their callers at once; this is for the end of the program, so that no temporary file
    /// outlives it.
    public func waitUntilIdle() async {
        for shared in inFlight.values { await shared.settled() }
    }

    /// How many different images are being saved now.
    public var activeCount: Int { inFlight.count }

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
        let directory = try openDirectory()
        var removed = 0
        for name in directory.names() where name.hasPrefix(FileSink.temporaryPrefix) && name.hasSuffix(FileSink.temporarySuffix) {
            let pid = name.dropFirst(FileSink.temporaryPrefix.count).split(separator: "-").first.flatMap { Int32($0) }
            if let pid, pid > 0, pid != getpid(), kill(pid, 0) == 0 {
                continue  // another running Headlines is writing it
            }
            if pid == getpid(), !inFlight.isEmpty { continue }  // one of our own saves in progress
            directory.remove(name)
            removed += 1
        }
        return removed
    }
}
