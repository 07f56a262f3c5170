import HeadlinesSession
import HeadlinesKeys

/// A screen's link to the runtime: its task scope, redraws, the keys in force, and the app's services.
@MainActor
package final class ScreenContext {
    package let scope = TaskScope()
    private weak var app: App?
    /// The keys in force (the config's bindings applied).
    package let keys: KeyMap
    /// Whether this is the first screen, where `back` quits.
    package let isRoot: Bool

    /// `app` is nil only in tests, which render and handle keys without a terminal.
    init(app: App?, keys: KeyMap = KeyMap(), isRoot: Bool = true) {
        self.app = app
        self.keys = keys
        self.isRoot = isRoot
    }

    /// Marks the screen dirty; one redraw follows per turn of the loop, however many calls.
    package func setNeedsDisplay() { app?.setNeedsDisplay() }

    /// Runs `body` once the next frame is on the screen (at once in tests, which draw no frames).
    package func afterNextFrame(_ body: @escaping @MainActor () -> Void) {
        if let app { app.afterNextFrame(body) } else { body() }
    }

    /// Redraws on this turn: what the reader's key asked for has arrived (see `App.setNeedsDisplayNow`).
    package func setNeedsDisplayNow() { app?.setNeedsDisplayNow() }

    /// Runs `tick` every `interval` under `key` until that key is cancelled or the screen
    /// closes, redrawing after each tick (a spinner, an indeterminate bar).
    package func startTicker(_ key: TaskKey, every interval: Duration = .milliseconds(100), _ tick: @escaping @MainActor () -> Void) {
        scope.run(key) { [weak self] token in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                self?.scope.update(token, tick)
                self?.setNeedsDisplay()
            }
        }
    }

    /// A passing message over the status bar's key hints ("unknown key", "Saved …"): it lasts
    /// a few seconds (an error twice as long) or until the next key, then the hints come back;
    /// a question lasts until the key that answers it.
    package private(set) var message: Notice?
    static let messageDuration = Duration.seconds(5)

    /// Shows `message` in the status bar for a few seconds (nil: takes the current one away).
    /// Its end is a task of this screen's scope, so it goes with the screen.
    package func show(_ message: Notice?, redraw: Bool = true) {
        self.message = message
        if let message, message.kind != .question {
            let duration = message.kind == .error ? Self.messageDuration * 2 : Self.messageDuration
            scope.run(.statusMessage) { [weak self] token in
                do { try await Task.sleep(for: duration) } catch { return }
                self?.scope.update(token) { self?.message = nil }
                self?.setNeedsDisplay()
            }
        } else {
            scope.cancel(.statusMessage)
        }
        if redraw { setNeedsDisplay() }
    }

    /// Opens another screen on top of this one.
    package func push(_ screen: any Screen) { app?.push(screen) }

    /// Runs `body` with the terminal handed over to another program.
    package func withTerminalSuspended(_ body: () async -> Void) async {
        guard let app else { return }
        await app.withTerminalSuspended(body)
    }

    /// The status bar's key hints for `actions` on `screen`; `back` reads "quit" on the first screen.
    package func hints(_ actions: [Action], on screen: ScreenKind) -> String {
        keys.hints(actions, on: screen, labels: isRoot ? [.back: "quit"] : [:])
    }
}
