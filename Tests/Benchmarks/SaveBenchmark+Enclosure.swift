import Foundation
import HeadlinesUI
import NewsCore
import TestSupport
import HeadlinesSession

/// A 500 MB podcast episode downloaded with `e`'s path (`DownloadCenter.download`, then
/// `Persistence.saveEnclosure`), beside `curl -o` of the same file in the same run. The goal is
/// issue 21's: large files stream to disk in constant memory, within the image save's 16 MiB.
extension SaveBenchmark {
    static let episodeSize = 500_000_000

    /// The enclosure's lines of the `save` summary, and whether its memory goal was met.
    static func enclosureLines(_ options: BenchmarkOptions, rounds: Int) async throws -> (lines: [String], goalMet: Bool) {
        // A child process serves it: the server's buffers are not counted in our memory.
        let server = try ChildServer(.enclosure, bytes: episodeSize)
        defer { server.stop() }
        let url = server.url("episode.mp3")
        let episode = try await besideCurl(options, rounds: rounds, url: url) { try await downloadEpisode(server) }
        let met = episode.worstGrowth <= 16 * 1024 * 1024
        var lines = [
            "download 500 MB enclosure (e): \(ms(episode.oursMedian)) (median of \(rounds)), peak RSS growth "
                + "\(ByteCount.describe(episode.worstGrowth)); goal constant memory (≤ 16 MiB growth): " + (met ? "PASS" : "MISS")
        ]
        if !episode.curl.isEmpty { lines += ["  " + episode.curlLine, "  " + episode.ratioLine] }
        return (lines, met)
    }

    /// Downloads the episode once into a fresh podcast folder; returns the time from the key's
    /// call to the download centre's outcome, and how much the peak RSS grew meanwhile.
    private static func downloadEpisode(_ server: ChildServer) async throws -> (Duration, Int) {
        let folder = try TemporaryFolder("bench-enclosure")
        let persistence = Persistence(folder: folder.file("images"), podcastFolder: folder.file("podcasts"))
        let downloads = DownloadCenter(persistence: persistence)
        // A small download first: libcurl's and the session's one-time costs are the program's
        // start, not this download's (in the app, the feed that listed the episode paid them).
        _ = try await download(episode(server.url("warm.mp3")), with: downloads)
        ResidentMemory.releaseFreeMemory()
        // Without a reset, the peak would be the process's whole life (the 200 MB image's save included).
        guard ResidentMemory.resetPeak() else { throw BenchmarkFailure("the peak memory cannot be reset (/proc/self/clear_refs)") }
        let before = ResidentMemory.current() ?? 0
        let start = ContinuousClock.now
        let saved = try await download(episode(server.url("episode.mp3")), with: downloads)
        let time = ContinuousClock.now - start
        let after = ResidentMemory.peak() ?? 0
        guard saved.byteCount == episodeSize else { throw BenchmarkFailure("downloaded \(saved.byteCount) bytes, not \(episodeSize)") }
        return (time, max(0, after - before))
    }

    /// An article carrying the enclosure at `url`, as a podcast feed gives it.
    private static func episode(_ url: URL) throws -> Article {
        guard let enclosure = Enclosure(url: url, mimeType: "audio/mpeg") else { throw BenchmarkFailure("\(url) is not an enclosure link") }
        return Article(sourceName: "Bench Cast", title: "Episode", url: URL(string: "https://example.com/episode"), enclosure: enclosure)
    }

    /// Starts the download as `e` does and waits for the centre's outcome (what the status bar shows).
    private static func download(_ article: Article, with downloads: DownloadCenter) async throws -> SavedEnclosure {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SavedEnclosure, any Error>) in
            downloads.onOutcome = { outcome in
                downloads.onOutcome = nil
                // The outcome is the main actor's: only its Sendable parts cross.
                if case .downloaded(let saved) = outcome {
                    continuation.resume(returning: saved)
                } else {
                    continuation.resume(throwing: BenchmarkFailure("the enclosure download ended with \(outcome)"))
                }
            }
            guard case .started = downloads.download(article) else {
                downloads.onOutcome = nil
                continuation.resume(throwing: BenchmarkFailure("the enclosure download did not start"))
                return
            }
        }
    }
}
