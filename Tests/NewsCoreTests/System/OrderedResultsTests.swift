import Foundation
import NewsCore
import Testing

/// `OrderedResults.gather`: every item's result, in the items' order, whatever order the work
/// ends in. (The miscompile it works around shows only in optimised builds, so the release
/// suite's `--print` of 2, 50 and 1,000 sources checks it there: `ReleaseBinaryTests`.)
@Suite struct OrderedResultsTests {
    struct Refused: Error, Equatable { let item: Int }

    @Test func eachResultKeepsItsItemsPlaceWhateverOrderTheyEndIn() async {
        let items = Array(0..<200)
        let results = await OrderedResults.gather(items) { item in
            // Later items end first; every third fails.
            try await Task.sleep(for: .microseconds((200 - item) * 20))
            if item % 3 == 1 { throw Refused(item: item) }
            return item * 10
        }
        #expect(results.count == items.count)
        for (item, result) in zip(items, results) {
            switch result {
            case .success(let value): #expect(item % 3 != 1 && value == item * 10)
            case .failure(let error): #expect(item % 3 == 1 && (error as? Refused) == Refused(item: item))
            }
        }
    }

    @Test func noItemsGiveNoResults() async {
        let results = await OrderedResults.gather([Int]()) { $0 }
        #expect(results.isEmpty)
    }

    @Test func cancellingTheCallerReachesEveryChild() async {
        let started = Date()
        let task = Task {
            await OrderedResults.gather(Array(0..<8)) { _ in try await Task.sleep(for: .seconds(30)) }
        }
        task.cancel()
        let results = await task.value
        #expect(results.count == 8)
        #expect(results.allSatisfy { if case .failure(let error) = $0 { error is CancellationError } else { false } })
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func aResultThatNeverArrivedHasASentence() {
        #expect(ResultNeverArrived().message.hasSuffix("."))
        #expect(!ResultNeverArrived().message.isEmpty)
    }
}
