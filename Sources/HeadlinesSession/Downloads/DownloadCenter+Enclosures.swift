import FoundationEssentials
import NewsCore

/// Enclosures downloaded in this session or an earlier one: where each went, and which were
/// played. The cache keeps the notes; this session's downloads are known before their note is written.
extension DownloadCenter {
    /// The enclosures earlier sessions downloaded, newest first, as the downloads screen lists
    /// them (their ids below zero, apart from this session's); none without a cache.
    package func earlierDownloads() async throws -> [Item] {
        guard let store else { return [] }
        return try await store.downloadedEnclosures().enumerated().map { index, row in
            Item(
                id: -1 - index, title: row.title.isEmpty ? "(untitled)" : row.title, link: row.file,
                state: .earlier(file: row.file, played: row.played), isEnclosure: true)
        }
    }

    /// Where the enclosure at `url` was downloaded: this session's download (its note in the
    /// cache may still be on its way), else the one the cache noted for article `id`.
    package func enclosureFile(of url: URL, id: ArticleID?) async throws -> URL? {
        if let file = downloadedFile(of: url) { return file }
        guard let id, let store else { return nil }
        return try await store.savedEnclosure(of: id)?.file
    }

    /// Article `id`'s enclosure was played: the cache notes it and the lists read their rows
    /// again for its mark (a cache that cannot be written keeps the mark as it was).
    package func notePlayed(_ id: ArticleID) async {
        guard let store else { return }
        do {
            try await store.recordPlayed(id)
        } catch {
            return
        }
        onEnclosureNoted?()
    }
}
