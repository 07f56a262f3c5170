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
        await withTaskGroup(of: Indexed<Value>.self) { group in
            for (index, item) in items.enumerated() {
                group.addTask { await attempt(index, item, work) }
            }
            var results = [Result<Value, any Error>?](repeating: nil, count: items.count)
            for await indexed in group where results.indices.contains(indexed.index) {
                results[indexed.index] = indexed.result
            }
            return results.map { $0 ?? .failure(ResultNeverArrived()) }
        }
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
