/// What the mouse does (`mouse = yes`), as the help screen, the man page and the README say it.
package enum MouseGestures {
    package static let title = "The mouse (mouse = no leaves it to the terminal)"

    package static let rows: [(gesture: String, help: String)] = [
        ("Click", "Selects the row under the pointer, and gives its pane the keys"),
        ("Double click", "Opens the row, as Enter does"),
        ("Wheel", "Scrolls the pane under the pointer, three lines a notch, leaving the keys where they are"),
        ("Click on [N]", "Opens the article's link N in the browser"),
        ("Drag a divider", "Resizes the panes for the session (list-width and sources-width keep a width)"),
        ("Shift with the mouse", "Selects text as the terminal does"),
    ]

    /// The README's table of them.
    package static func markdown() -> String {
        (["| Mouse | Does |", "| --- | --- |"] + rows.map { "| \($0.gesture) | \($0.help) |" }).joined(separator: "\n")
    }
}
