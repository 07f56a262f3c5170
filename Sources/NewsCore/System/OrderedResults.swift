/// Runs one piece of work per item at once and gives back every item's result, in the items'
/// order: the one way results are gathered from a task group.
///
/// Why not the obvious `group.addTask { do { return (index, .success(try await f())) } catch
/// { return (index, .failure(error)) } }`: Swift 6.3.1's optimised builds miscompile it. When a
/// `Task` or `addTask` closure returns a tuple literal inside `do`, with a `try await` after
/// the first element and a `catch` that returns too, the success path never stores the first
/// element: it keeps whatever the memory held (0, or the last failure's index). `--print` then
/// wrote every source into one slot and printed one of them, and past the array's end it
/// trapped (issue 27). `-Onone` and `-disable-llvm-optzns` build it right, so the fault is in
/// LLVM's optimisation of the split async function, not in SIL. Here the child calls a named
/// function that awaits first and builds its value after, and a result that never arrived is
/// a failure with a sentence, never a silent gap.
public enum OrderedResults {
    /// Each item's result, in order. `work` runs for every item concurrently (bound it with an
    /// `AsyncLimiter` or the HTTP client's own limits); cancellation reaches every child.
    public static func gather<Item: Sendable, Value: Sendable>(
        _ items: [Item], _ work: @escaping @Sendable (Item) async throws -> Value
    ) async -> [Result<Value, any Error>] {
        var results: [Result<Value, any Error>] = []
        results.reserveCapacity(items.count)
        await inOrder(items, heldBytes: .max, size: { _ in 0 }, spill: { $0 }, work) { results.append($1) }
        return results
    }

    /// Hands each item's result to `deliver`, in the items' order, as soon as it and every one
    /// before it are done: a caller that prints them holds only those that finished ahead of a
    /// slower one, not all of them. Those held may take `heldBytes` (as `size` counts them);
    /// past that, a result is first given to `spill`, which returns what to hold instead (the
    /// same lines, kept in a file). Every item starts at once, so one slow item never holds up
    /// the others' work; `work` runs concurrently (bound it with an `AsyncLimiter` or the HTTP
    /// client's own limits), and cancellation reaches every child.
    ///
    /// At most `running` items run at once (each a task, with its memory), started in
    /// `startOrder` (the items' indices; nil: their order), so a caller whose items queue for
    /// connections inside can keep thousands from all waiting as tasks; give it an order that
    /// mixes their hosts (`interleaved`), or the first host's queue holds every running place.
    public static func inOrder<Item: Sendable, Value: Sendable>(
        _ items: [Item], running: Int = .max, startOrder: [Int]? = nil, heldBytes: Int, size: (Value) -> Int,
        spill: (Value) -> Value, _ work: @escaping @Sendable (Item) async throws -> Value,
        deliver: (Int, Result<Value, any Error>) -> Void
    ) async {
        let order: [Int]
        if let startOrder, startOrder.count == items.count, Set(startOrder) == Set(items.indices) {
            order = startOrder
        } else {
            order = Array(items.indices)  // not an order of these items: theirs
        }
        let running = max(1, running)
        await withTaskGroup(of: Indexed<Value>.self) { group in
            var started = 0
            while started < min(running, order.count) {
                let index = order[started], item = items[index]
                group.addTask { await attempt(index, item, work) }
                started += 1
            }
            var delivered = 0, held = 0
            var finished: [Int: Result<Value, any Error>] = [:]
            while delivered < items.count, let indexed = await group.next() {
                if started < order.count {
                    let index = order[started], item = items[index]
                    group.addTask { await attempt(index, item, work) }
                    started += 1
                }
                guard (delivered..<items.count).contains(indexed.index), finished[indexed.index] == nil else { continue }
                var result = indexed.result
                if indexed.index != delivered, case .success(var value) = result {
                    if held + size(value) > heldBytes { value = spill(value) }
                    held += size(value)
                    result = .success(value)
                }
                finished[indexed.index] = result
                while let next = finished.removeValue(forKey: delivered) {
                    if delivered != indexed.index, case .success(let value) = next { held -= size(value) }
                    deliver(delivered, next)
                    delivered += 1
                }
            }
            while delivered < items.count {
                deliver(delivered, .failure(ResultNeverArrived()))
                delivered += 1
            }
        }
    }

    /// The indices of `keys` taken one of each key in turn (in the order the keys first appear),
    /// each key's in their order: `[a, a, a, b, c]` starts `a, b, c, a, a`.
    public static func interleaved<Key: Hashable>(_ keys: [Key]) -> [Int] {
        var groups: [[Int]] = []
        var groupOf: [Key: Int] = [:]
        for (index, key) in keys.enumerated() {
            if let group = groupOf[key] {
                groups[group].append(index)
            } else {
                groupOf[key] = groups.count
                groups.append([index])
            }
        }
        var order: [Int] = []
        order.reserveCapacity(keys.count)
        var round = 0
        while order.count < keys.count {
            for group in groups where round < group.count { order.append(group[round]) }
            round += 1
        }
        return order
    }

    /// One child's result with its item's place.
    private struct Indexed<Value: Sendable>: Sendable {
        let index: Int
        let result: Result<Value, any Error>
    }

    /// The child's body, a function of its own: the result is complete before the value that
    /// carries it is built.
    private static func attempt<Item: Sendable, Value: Sendable>(
        _ index: Int, _ item: Item, _ work: @Sendable (Item) async throws -> Value
    ) async -> Indexed<Value> {
        let result: Result<Value, any Error>
        do { result = .success(try await work(item)) } catch { result = .failure(error) }
        return Indexed(index: index, result: result)
    }
}

/// A piece of work whose result was never handed back (a fault of ours, not of the source).
public struct ResultNeverArrived: ReadableError, Equatable {
    public init() {}
    public var message: String { "Its result was lost before it could be printed (a fault in Headlines; please report it)." }
}
