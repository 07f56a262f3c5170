import Foundation
import NewsCore
import Synchronization
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

    // MARK: Delivered in order as they are done

    /// What the work and the delivery saw, shared between the children and the test.
    final class Log: Sendable {
        let started = Mutex<Set<Int>>([])
        let finished = Mutex<Set<Int>>([])
        let delivered = Mutex<[Int]>([])

        /// Waits, up to 10 s, for `condition` over the log; false when it never held.
        func wait(_ condition: (Log) -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline {
                if condition(self) { return true }
                try? await Task.sleep(for: .milliseconds(2))  // polling: a cancelled wait just looks again
            }
            return condition(self)
        }
    }

    @Test func eachResultIsDeliveredAsSoonAsThoseBeforeItAreDone() async {
        let log = Log()
        var order: [Int] = []
        await OrderedResults.inOrder(
            Array(0..<6), heldBytes: .max, size: { (_: Int) in 0 }, spill: { $0 },
            { item in
                log.started.withLock { _ = $0.insert(item) }
                // Item 3 waits until 0, 1 and 2 have been delivered: it never ends if they wait for it.
                if item == 3 { #expect(await log.wait { $0.delivered.withLock { $0 } == [0, 1, 2] }) }
                log.finished.withLock { _ = $0.insert(item) }
                return item
            },
            deliver: { index, result in
                log.delivered.withLock { $0.append(index) }
                if case .success(let value) = result { order.append(value) }
            })
        #expect(order == Array(0..<6))
    }

    /// A value is `(item, kept in memory)`, 100 bytes while it is. Item 0 ends last: the others
    /// wait for it, the first that fits in 250 bytes in memory, the rest spilled; every one is
    /// delivered in order, and no item waits for another to start.
    @Test func resultsPastTheHeldBytesAreSpilledAndStillDeliveredInOrder() async {
        let log = Log()
        var spilled: [Int] = []
        var delivered: [(Int, Bool)] = []
        await OrderedResults.inOrder(
            Array(0..<8), heldBytes: 250, size: { (value: (Int, Bool)) in value.1 ? 100 : 0 },
            spill: { value in
                spilled.append(value.0)
                return (value.0, false)
            },
            { item in
                log.started.withLock { _ = $0.insert(item) }
                if item == 0 { #expect(await log.wait { $0.finished.withLock { $0.count } == 7 }) }
                log.finished.withLock { _ = $0.insert(item) }
                return (item, true)
            },
            deliver: { index, result in
                if case .success(let value) = result { delivered.append(value) }
                #expect(index == delivered.count - 1)
            })
        #expect(delivered.map(\.0) == Array(0..<8))
        #expect(spilled.count == 5)  // two of the seven fit in 250 bytes
        #expect(!spilled.contains(0))  // the one delivered as it arrives is never spilled
        #expect(delivered.filter { !$0.1 }.map(\.0).sorted() == spilled.sorted())
    }

    /// No more than `running` run at once, started in the order given (one at a time, the order
    /// is exact), and each is still delivered in the items' order.
    @Test(arguments: [1, 3])
    func atMostRunningRunAtOnceInTheStartOrder(_ limit: Int) async {
        let running = Mutex((now: 0, most: 0, started: [Int]()))
        var delivered: [Int] = []
        let order = OrderedResults.interleaved(["a", "a", "a", "a", "b", "b", "c", "a", "d"])
        #expect(order == [0, 4, 6, 8, 1, 5, 2, 3, 7])
        await OrderedResults.inOrder(
            Array(0..<9), running: limit, startOrder: order, heldBytes: .max, size: { (_: Int) in 0 }, spill: { $0 },
            { item in
                running.withLock { state in
                    state.now += 1
                    state.most = max(state.most, state.now)
                    state.started.append(item)
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...5)))
                running.withLock { $0.now -= 1 }
                return item
            },
            deliver: { _, result in if case .success(let value) = result { delivered.append(value) } })
        #expect(delivered == Array(0..<9))
        #expect(running.withLock { $0.most } <= limit)
        if limit == 1 { #expect(running.withLock { $0.started } == order) }
    }

    @Test func aStartOrderThatIsNotOneOfTheItemsIsIgnored() async {
        var delivered: [Int] = []
        await OrderedResults.inOrder(
            Array(0..<4), running: 1, startOrder: [0, 0, 1, 2], heldBytes: .max, size: { (_: Int) in 0 }, spill: { $0 }, { $0 },
            deliver: { _, result in if case .success(let value) = result { delivered.append(value) } })
        #expect(delivered == [0, 1, 2, 3])
    }

    @Test func aResultThatNeverArrivedHasASentence() {
        #expect(ResultNeverArrived().message.hasSuffix("."))
        #expect(!ResultNeverArrived().message.isEmpty)
    }
}
