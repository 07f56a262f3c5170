import NewsCore

/// Pixels shared by frames without copying: one scaled picture, told apart by identity (a
/// frame compares pictures by `===`, never pixel by pixel).
package final class PixelImage: Sendable {
    package let pixels: RGBImage

    package init(_ pixels: RGBImage) { self.pixels = pixels }
}

/// A picture the terminal draws in its own pixels, over blank cells of the canvas: where its
/// room is, and which of the room's rows the screen shows (an article scrolled part of it away).
package struct PixelPicture: Equatable, Sendable {
    package let image: PixelImage
    /// The room's left column and the screen row its first row would be on (above the screen's
    /// body when scrolled up).
    package var x: Int
    package var top: Int
    package var columns: Int
    package var rows: Int
    /// The screen rows that show the picture, within `top ..< top + rows`.
    package var visible: Range<Int>

    package init(image: PixelImage, x: Int, top: Int, columns: Int, rows: Int, visible: Range<Int>) {
        self.image = image
        self.x = x
        self.top = top
        self.columns = columns
        self.rows = rows
        self.visible = visible.clamped(to: top..<(top + rows))
    }

    /// The picture's pixel rows on the visible rows, for a cell `cellHeight` pixels tall.
    package func visiblePixelRows(cellHeight: Int) -> Range<Int> {
        let height = image.pixels.height
        let start = min(height, (visible.lowerBound - top) * cellHeight)
        let end = min(height, (visible.upperBound - top) * cellHeight)
        return start..<max(start, end)
    }

    package static func == (left: PixelPicture, right: PixelPicture) -> Bool {
        left.image === right.image && left.x == right.x && left.top == right.top && left.columns == right.columns
            && left.rows == right.rows && left.visible == right.visible
    }
}
