import HeadlinesSession

/// The bottom line: a message or key hints on the left, facts on the right, in reverse video.
/// When both do not fit, the right side is shortened first, then the left.
///
/// A passing message (`Canvas.statusMessage`) takes the left's place and is never cut: the facts
/// give way when it needs their room, and what still does not fit goes on the rows above it
/// while it shows.
package enum StatusBar {
    package static func render(left: String, leftStyle: Style = .statusBar, right: String, into canvas: inout Canvas, y: Int) {
        if let message = canvas.statusMessage {
            render(message: message, right: right, into: &canvas, y: y)
            return
        }
        canvas.fill(x: 0, y: y, count: canvas.width, style: .statusBar)
        let rightWidth = min(TextWidth.of(right), max(0, canvas.width / 2))
        let rightText = TextLayout.truncate(right, to: rightWidth)
        let rightX = canvas.width - TextWidth.of(rightText) - 1
        canvas.write(" " + left, x: 0, y: y, style: leftStyle, maxX: max(1, rightX - 1))
        if rightWidth > 0 { canvas.write(rightText, x: rightX, y: y, style: .statusBar) }
    }

    private static func render(message: Notice, right: String, into canvas: inout Canvas, y: Int) {
        let width = canvas.width
        let text = " " + message.text
        let textWidth = TextWidth.of(text)
        let rightWidth = TextWidth.of(right)
        canvas.fill(x: 0, y: y, count: width, style: .statusBar)
        if textWidth + 1 <= width {
            canvas.write(text, x: 0, y: y, style: message.style)
            // The facts stay when they fit whole beside the message.
            if !right.isEmpty, textWidth + 2 + rightWidth + 1 <= width {
                canvas.write(right, x: width - rightWidth - 1, y: y, style: .statusBar)
            }
            return
        }
        // Too long for one row: wrapped onto as many rows above as it needs (the screen's last rows).
        let lines = TextLayout.wrap(message.text, to: max(1, width - 2))
        let top = max(0, y - lines.count + 1)
        for (offset, line) in lines.suffix(y - top + 1).enumerated() {
            canvas.fill(x: 0, y: top + offset, count: width, style: .statusBar)
            canvas.write(" " + line, x: 0, y: top + offset, style: message.style)
        }
    }
}
