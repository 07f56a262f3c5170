/// Every key, on one screen. Any of `q`, Esc or `?` closes it.
@MainActor
public final class HelpScreen: Screen {
    public static let entries: [(keys: String, action: String)] = [
        ("j  k  ↓  ↑", "Move the selection (scroll in an article)"),
        ("PgDn  PgUp  Space  b", "Move a page"),
        ("g  G  Home  End", "First / last"),
        ("Enter  l  →", "Read the selected article"),
        ("r", "Refresh (restarts a load in progress)"),
        ("o", "Open the article in the browser ($BROWSER, else xdg-open)"),
        ("d", "Save the article's image"),
        ("D", "Save every image in the list"),
        ("w", "Show downloads"),
        ("c  C", "Downloads: cancel the selected / all"),
        ("Ctrl-L", "Redraw the screen"),
        ("?", "This help"),
        ("q  Esc", "Back; quit on the first screen"),
    ]

    private var offset = 0

    public init() {}

    public func didAppear(_ context: ScreenContext) {}

    public func render(into canvas: inout Canvas) {
        canvas.fill(x: 0, y: 0, count: canvas.width, style: .header)
        canvas.write(" Help · keys", x: 0, y: 0, style: .header)
        let keyWidth = min(24, canvas.width / 3)
        let rows = max(0, canvas.height - 3)
        offset = max(0, min(offset, max(0, Self.entries.count - rows)))
        for row in 0..<rows where offset + row < Self.entries.count {
            let entry = Self.entries[offset + row]
            canvas.write(entry.keys, x: 2, y: 2 + row, style: Style(.accent, bold: true), maxX: 2 + keyWidth)
            canvas.write(entry.action, x: 3 + keyWidth, y: 2 + row, maxX: canvas.width - 1)
        }
        StatusBar.render(left: "q back", right: "Headlines", into: &canvas, y: canvas.height - 1)
    }

    public func handle(_ key: Key, _ context: ScreenContext) -> KeyOutcome {
        switch key {
        case .character("q"), .escape, .character("?"): return .close
        case .character("j"), .down: offset += 1
        case .character("k"), .up: offset = max(0, offset - 1)
        default: return .ignored
        }
        return .handled
    }
}
