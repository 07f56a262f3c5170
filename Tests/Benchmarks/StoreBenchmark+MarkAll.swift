import Foundation
import NewsCore

/// `A` on All (every article marked read, the changed ones listed so that `u` can undo it) and
/// its undo, as the interface's mark writer makes them.
extension StoreBenchmark {
    static let markAllGoal: Duration = .milliseconds(200)

    static func markAllFigures(_ store: ArticleStore) async throws -> (lines: [String], met: Bool) {
        let marked = try await measure { try await store.markAllReadListingChanges(in: .all) }
        let undone = try await measure { try await store.changeRead(marked.result, read: false) }
        guard undone.result.count == marked.result.count else { throw BenchmarkFailure("undo: \(undone.result.count) of \(marked.result.count)") }
        let met = marked.time.wall <= markAllGoal && undone.time.wall <= markAllGoal
        return (
            [
                "`A` on All, \(marked.result.count.formatted()) articles marked read: \(Format.milliseconds(marked.time.wall, decimals: 0)) ms; "
                    + "its undo: \(Format.milliseconds(undone.time.wall, decimals: 0)) ms; goal ≤ \(Format.milliseconds(markAllGoal, decimals: 0)) ms each: "
                    + (met ? "PASS" : "MISS")
            ], met
        )
    }
}
