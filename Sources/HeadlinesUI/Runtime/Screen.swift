/// A screen: state, a pure render of that state, and key handling. I/O happens only in
/// tasks of the screen's scope (see `TaskScope`), never in `render` or `handle`.
@MainActor
public protocol Screen: AnyObject {
    /// Called once, when the screen is pushed: start the screen's own tasks here (auto-load).
    func didAppear(_ context: ScreenContext)
    /// Draws the current state into `canvas`, which is the whole terminal.
    func render(into canvas: inout Canvas)
    /// Reacts to a key.
    func handle(_ key: Key, _ context: ScreenContext) -> KeyOutcome
}

/// What the runtime does after a key.
public enum KeyOutcome {
    case handled
    case ignored
    /// Close this screen (quit when it is the last).
    case close
    case quit
    case push(any Screen)
}

/// A screen's link to the runtime: its task scope, redraws, and the app's services.
@MainActor
public final class ScreenContext {
    public let scope = TaskScope()
    private weak var app: App?

    /// `app` is nil only in tests, which render and handle keys without a terminal.
    init(app: App?) {
        self.app = app
    }

    /// Marks the screen dirty; one redraw follows per turn of the loop, however many calls.
    public func setNeedsDisplay() { app?.setNeedsDisplay() }

    /// Runs `tick` every `interval` under `key` until that key is cancelled or the screen
    /// closes, redrawing after each tick (a spinner, an indeterminate bar).
    public func startTicker(_ key: String, every interval: Duration = .milliseconds(100), _ tick: @escaping @MainActor () -> Void) {
        scope.run(key) { [weak self] token in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                self?.scope.update(token, tick)
                self?.setNeedsDisplay()
            }
        }
    }

    /// Opens another screen on top of this one.
    public func push(_ screen: any Screen) { app?.push(screen) }

    /// Runs `body` with the terminal handed over to another program.
    public func withTerminalSuspended(_ body: () async -> Void) async {
        guard let app else { return }
        await app.withTerminalSuspended(body)
    }
}
