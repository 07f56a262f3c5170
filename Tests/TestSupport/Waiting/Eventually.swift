/// Waits for `condition` to hold, trying it every `interval` until `timeout` has passed; returns
/// whether it held. The one way the tests and benchmarks wait for something to happen, and what
/// the waits that are part of a type's API (`LoopbackServer.waitUntil`, `TmuxSession.waitForText`)
/// are built on.
///
/// It sleeps between tries, which frees the caller's actor for the work being waited on, and it
/// runs on the caller's actor, so a main-actor test can read its screen's state in `condition`.
/// A cancelled task stops waiting (false). Errors from `condition` end the wait and are rethrown.
public func eventually(
    timeout: Duration = .seconds(10),
    interval: Duration = .milliseconds(5),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline || Task.isCancelled { return false }
        try? await Task.sleep(for: interval)  // only a pause: a cancellation is noticed above
    }
}
