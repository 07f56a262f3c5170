import HeadlinesKeys
import HeadlinesSession

/// What the pointer left between its events.
struct PointerState {
    /// The last press of the left button: a second on the same cell within `doubleClick` is a double click.
    var lastClick: (time: ContinuousClock.Instant, column: Int, row: Int)?
    /// The pane left of the divider being dragged, while the button is held.
    var dragging: PaneLayout.Pane?
}

/// The mouse (`mouse = yes`): a click focuses the pane under the pointer and does there what
/// its keys would (a row selected, a double click opening it, a link's number opened); the wheel
/// scrolls the pane under the pointer without taking the focus; a divider dragged resizes the
/// panes for the session. Right and middle buttons are the terminal's.
extension App {
    /// The longest pause between the two clicks of a double click.
    static let doubleClick = Duration.milliseconds(400)
    /// Lines the wheel moves a notch.
    static let wheelLines = 3

    func handleMouse(_ event: MouseEvent) {
        let (width, height) = driver.size
        guard width >= Self.minimumSize.width, height >= Self.minimumSize.height, !stack.isEmpty else { return }
        let shown = sideBySide()
        switch event.kind {
        case .press(.left):
            if let shown, let left = divider(at: event.column, in: shown) {
                pointer.dragging = left.pane
                return
            }
            press(event, shown: shown)
        case .drag(.left):
            guard let dragged = pointer.dragging, let shown else { return }
            drag(dividerAfter: dragged, to: event.column, in: shown)
        case .release:
            guard let dragged = pointer.dragging else { return }
            pointer.dragging = nil
            stack.last?.context.show(Notice(resizedText(dragged)))
            setNeedsDisplay()
        case .wheel(let notches):
            guard let target = target(at: event, shown: shown), !target.entry.screen.capturesText else { return }
            let outcome = target.entry.screen.scroll(lines: notches * Self.wheelLines, target.entry.context)
            route(outcome, at: target.index)
        case .press, .drag:
            break  // the middle and right buttons: nothing of ours
        }
    }

    /// A press of the left button in a pane: the keys go there, and the screen does what a click
    /// means to it.
    private func press(_ event: MouseEvent, shown: Shown?) {
        guard let target = target(at: event, shown: shown) else { return }
        // A line being typed (a filter, a prompt) keeps the keys: a click elsewhere does not end it.
        if let focused = shown.flatMap({ focusedPane.flatMap($0.entry) }).map({ stack[$0.index] }) ?? stack.last, focused.screen.capturesText,
            focused.screen !== target.entry.screen
        {
            return
        }
        let now = ContinuousClock.now
        let isDouble = pointer.lastClick.map { now - $0.time <= Self.doubleClick && $0.column == event.column && $0.row == event.row } ?? false
        pointer.lastClick = isDouble ? nil : (now, event.column, event.row)
        if let shown, let pane = shown.entries.first(where: { $0.index == target.index })?.pane {
            focusedPane = pane == shown.entries.last?.pane ? nil : pane
        }
        let context = target.entry.context
        if context.message != nil { context.show(nil) }
        let outcome = target.entry.screen.click(column: target.column, row: target.row, count: isDouble ? 2 : 1, context)
        route(outcome, at: target.index)
        setNeedsDisplay()  // the focus moved, whatever the click did
    }

    /// The screen under the pointer, its place in the stack, and the pointer in its own area.
    private func target(at event: MouseEvent, shown: Shown?) -> (entry: (screen: any Screen, context: ScreenContext), index: Int, column: Int, row: Int)? {
        guard let shown else {
            guard let top = stack.last else { return nil }
            return (top, stack.count - 1, event.column, event.row)
        }
        guard let entry = shown.entries.first(where: { $0.area.contains(column: event.column, row: event.row) }) else { return nil }
        return (stack[entry.index], entry.index, event.column - entry.area.x, event.row - entry.area.y)
    }

    /// The pane left of the divider at `column`.
    private func divider(at column: Int, in shown: Shown) -> Shown.Entry? {
        guard let divider = shown.dividers.first(where: { $0.x == column }) else { return nil }
        return shown.entries.last { $0.area.maxX <= divider.x }
    }

    private func drag(dividerAfter pane: PaneLayout.Pane, to column: Int, in shown: Shown) {
        guard let left = shown.entries.firstIndex(where: { $0.pane == pane }), left + 1 < shown.entries.count else { return }
        let before = paneSizes
        paneSizes.drag(
            dividerAfter: PaneLayout.Placed(pane: pane, area: shown.entries[left].area), before: shown.entries[left + 1].area, to: column)
        if paneSizes != before { setNeedsDisplay() }
    }

    /// What a drag left, and how the config keeps it.
    private func resizedText(_ pane: PaneLayout.Pane) -> String {
        if pane == .sources, let columns = sideBySide()?.entry(.sources)?.area.width {
            return "The Sources column is \(columns) columns wide for this session; sources-width = \(columns) in the config keeps it."
        }
        guard let share = paneSizes.listShare else { return "" }
        let percent = max(20, min(80, share))
        return "The list takes \(share)% beside the article for this session; list-width = \(percent)% in the config keeps it."
    }

    /// What the screen at `index` did with a click or the wheel, as if a key had done it there.
    private func route(_ outcome: KeyOutcome, at index: Int) {
        if index < stack.count - 1 {
            handleInPane(outcome, at: index)
        } else if let top = stack.last {
            handleOnTop(outcome, top, key: nil)
        }
    }
}
