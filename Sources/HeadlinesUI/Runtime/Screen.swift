import HeadlinesSession
import HeadlinesKeys

/// A screen: state, a pure render of that state, and what it does for each action. I/O happens
/// only in tasks of the screen's scope (see `TaskScope`), never in `render` or `perform`.
@MainActor
package protocol Screen: AnyObject {
    /// Which keys apply here (see `KeyTable`).
    var kind: ScreenKind { get }
    /// Called once, when the screen is pushed: start the screen's own tasks here (auto-load).
    func didAppear(_ context: ScreenContext)
    /// Draws the current state into `canvas`, which is the whole terminal.
    func render(into canvas: inout Canvas)
    /// Does what the action asks. `.ignored` leaves `back`, `help` and `redraw` to the app.
    func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome
    /// A key no action claims on this screen, or any typed character while `capturesText`.
    func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome
    /// True while the reader types into a field: characters and Backspace go to the field
    /// (through `handle(unbound:)`) before the key map (`j` is a letter then, not "down").
    var capturesText: Bool { get }
    /// True while a line is typed into (a filter, a search, a command to pipe to): pasted text
    /// goes there. A yes-or-no question captures keys but takes no paste.
    var takesPastedText: Bool { get }
    /// The notice the screen's last change left for the status bar ("Starred.", an error),
    /// handed over once: the app shows it as a passing message (see `ScreenContext.show`).
    func takeNotice() -> Notice?
    /// The left button clicked at `column`, `row` of the screen's own area; `count` is 2 for a
    /// double click. A list selects the row there (opening it on a double click), an article
    /// opens the link whose number is there.
    func click(column: Int, row: Int, count: Int, _ context: ScreenContext) -> KeyOutcome
    /// The wheel turned over the screen, `lines` down (up when negative): as many of the keys
    /// that move down or up.
    func scroll(lines: Int, _ context: ScreenContext) -> KeyOutcome
}

extension Screen {
    package func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome { .ignored }
    package var capturesText: Bool { false }
    package var takesPastedText: Bool { false }
    package func takeNotice() -> Notice? { nil }
    package func click(column: Int, row: Int, count: Int, _ context: ScreenContext) -> KeyOutcome { .ignored }

    package func scroll(lines: Int, _ context: ScreenContext) -> KeyOutcome {
        var outcome = KeyOutcome.ignored
        for _ in 0..<min(abs(lines), 100) {
            let step = perform(lines > 0 ? .down : .up, context)
            guard case .handled = step else { return outcome }
            outcome = .handled
        }
        return outcome
    }

    /// A click on a row of a list drawn from `layout`'s body with `scroll`: `move` takes the
    /// selection there as the movement keys would, a double click then opens it as Enter does.
    func clickRow(
        _ row: Int, count: Int, scroll: ListScroll, layout: ScreenLayout, _ context: ScreenContext,
        move: (Movement) -> Void
    ) -> KeyOutcome {
        guard !capturesText, let index = scroll.index(atRow: row, in: layout) else { return .ignored }
        move(.by(index - scroll.selection))
        return count >= 2 ? KeyRouting.outcome(for: .read, on: self, context) : .handled
    }
}

/// What the runtime does after a key.
package enum KeyOutcome {
    case handled
    case ignored
    /// Close this screen (quit when it is the last).
    case close
    case quit
    case push(any Screen)
    /// Open the help screen over this one: the runtime knows no screen, so the app builds it
    /// (`App`'s `helpScreen`).
    case openHelp
    /// Read the config file again (`App.onReloadConfig`: the runtime knows no config).
    case reloadConfig
}
