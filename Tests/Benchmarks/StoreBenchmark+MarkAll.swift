import Foundation
import NewsCore

/// `A` on All (every unread article marked read, the changed ones listed so that `u` can undo
/// it) and its undo, as the interface's mark writer makes them. What `A` writes is the unread
/// articles, not the cache: the goal is judged where a reader who keeps everything is, 1 article
/// in 100 unread; every article unread (a first import, once) is reported beside it.
extension StoreBenchmark {
    static let markAllGoal: Duration = .milliseconds(200)
    static let unreadShare = 100

    static func markAllFigures(_ store: ArticleStore) async throws -> (lines: [String], met: Bool) {
        let everything = try await markAllAndUndo(store)
        let total = everything.count
        // Then every article read but the newest 1 in 100.
        let all = try await store.markAllReadListingChanges(in: .all)
        let newest = try await store.headings(.all).prefix(total / unreadShare).map(\.id)
        _ = try await store.changeRead(Array(newest), read: false)
        let usual = try await markAllAndUndo(store)
        _ = try await store.changeRead(all, read: false)  // as it was
        let met = usual.marked <= markAllGoal && usual.undone <= markAllGoal
        return (
            [
                "`A` on All, \(usual.count.formatted()) unread of \(total.formatted()) (1 in \(unreadShare)) marked read: "
                    + "\(Format.milliseconds(usual.marked, decimals: 0)) ms; its undo: \(Format.milliseconds(usual.undone, decimals: 0)) ms; "
                    + "goal ≤ \(Format.milliseconds(markAllGoal, decimals: 0)) ms each: " + (met ? "PASS" : "MISS"),
                "  every article unread (\(everything.count.formatted())): \(Format.milliseconds(everything.marked, decimals: 0)) ms; "
                    + "its undo: \(Format.milliseconds(everything.undone, decimals: 0)) ms "
                    + "(\(String(format: "%.1f", microseconds(everything.marked) / Double(max(1, total)))) µs an article)",
            ], met
        )
    }

    static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    /// `A` on All and its undo, timed; checks that the undo restored every article it marked.
    static func markAllAndUndo(_ store: ArticleStore) async throws -> (count: Int, marked: Duration, undone: Duration) {
        let marked = try await measure { try await store.markAllReadListingChanges(in: .all) }
        let undone = try await measure { try await store.changeRead(marked.result, read: false) }
        guard undone.result.count == marked.result.count else { throw BenchmarkFailure("undo: \(undone.result.count) of \(marked.result.count)") }
        return (marked.result.count, marked.time.wall, undone.time.wall)
    }
}
