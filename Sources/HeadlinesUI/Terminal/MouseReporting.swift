/// Asking the terminal to report the mouse (`mouse = yes`): presses and releases (1000), moves
/// while a button is held, for dragging a divider (1002), in SGR's form (1006), which has no
/// column limit and tells a release's button. A terminal that knows none of it ignores the
/// request and sends no reports; most keep Shift-click for their own text selection.
enum MouseReporting {
    static let enable = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    /// Sent before the terminal is handed back (quit, suspend, a crash), in the reverse order.
    static let disable = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
}
