import Foundation
import NewsCore

/// Pruning the older half of the cache in the background, on a connection of its own as the
/// interface does: how long it takes, how long the interface's store keeps a read waiting
/// meanwhile, and what the file gives back.
extension StoreBenchmark {
    /// Goal: no caller waits longer than a frame's budget while a prune runs.
    static let pruneWaitGoal: Duration = .milliseconds(100)

    static func pruneFigure(_ file: URL, articles perSource: Int) async throws -> (line: String, met: Bool) {
        let store = try await ArticleStore.open(at: file)
        let sizeBefore = fileSize(file)
        // Articles are a minute apart, from `base`: the cutoff falls at each source's middle one.
        let keepDays = 1
        let now = base.addingTimeInterval(Double(perSource / 2) * 60 + Double(keepDays) * 86_400)
        let configured = Set((0..<sourceCount).map(key))
        let probe = Task {
            // What the interface does meanwhile: a count, again and again; the longest answer is the pause it would see.
            var longest = Duration.zero
            var calls = 0
            while !Task.isCancelled {
                let start = Timing.clock.now
                _ = try await store.count(.source(key(1)), unreadOnly: true)
                longest = max(longest, Timing.clock.now - start)
                calls += 1
                do { try await Task.sleep(for: .milliseconds(2)) } catch { break }  // cancelled: the prune is over
            }
            return (longest, calls)
        }
        // As the interface does it: on a connection of its own, while the lists read through theirs.
        let pruner = try await ArticleStore.open(at: file)
        let pruned = try await measure { try await pruner.prune(keepDays: keepDays, configured: configured, now: now) }
        probe.cancel()
        let (longest, calls) = try await probe.value
        let sizeAfter = fileSize(file)
        let met = longest <= pruneWaitGoal
        let line =
            "prune of the older half (\(pruned.result.articles.formatted()) articles): \(Format.milliseconds(pruned.time.wall, decimals: 0)) ms "
            + "in batches of \(ArticleStore.pruneBatch); the store answered \(calls.formatted()) counts meanwhile, the slowest in "
            + "\(Format.milliseconds(longest)) ms (goal ≤ \(Format.milliseconds(pruneWaitGoal, decimals: 0)) ms: \(met ? "PASS" : "MISS")); "
            + "file \(Format.bytes(sizeBefore)) -> \(Format.bytes(sizeAfter))"
        return (line, met)
    }

    private static func fileSize(_ file: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0  // absent: 0
    }
}
