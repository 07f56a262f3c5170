/// The bottom line: a message or key hints on the left, facts on the right, in reverse video.
/// When both do not fit, the right side is shortened first, then the left.
public enum StatusBar {
    public static func render(left: String, leftStyle: Style = .statusBar, right: String, into canvas: inout Canvas, y: Int) {
        canvas.fill(x: 0, y: y, count: canvas.width, style: .statusBar)
        let rightWidth = min(TextWidth.of(right), max(0, canvas.width / 2))
        let rightText = TextLayout.truncate(right, to: rightWidth)
        let rightX = canvas.width - TextWidth.of(rightText) - 1
        canvas.write(" " + left, x: 0, y: y, style: leftStyle, maxX: max(1, rightX - 1))
        if rightWidth > 0 { canvas.write(rightText, x: rightX, y: y, style: .statusBar) }
    }
}
