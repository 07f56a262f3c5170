import NewsCore

/// The terminal graphics protocols a picture can be drawn with in real pixels.
package enum PixelProtocol: String, Sendable, Hashable, CaseIterable {
    /// kitty's graphics protocol (kitty, Ghostty, WezTerm, Konsole): a PNG sent once, placed by id.
    case kitty
    /// DEC sixel graphics (xterm -ti vt340, foot, mlterm, WezTerm, Konsole): drawn where the cursor is.
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm): a PNG drawn where the cursor is.
    case iterm2
}

/// How this terminal shows pictures in pixels: the protocol, and one cell's size in its pixels
/// (the layout keeps a picture's proportions in pixels, not in cells).
package struct PixelDisplay: Sendable, Hashable {
    package var pixelProtocol: PixelProtocol
    package var cell: PixelSize

    /// A cell's size when the terminal does not say (a 10×20 font: most terminals' default is near).
    package static let usualCell = PixelSize(width: 10, height: 20)
    /// The box pictures are decoded to for a pixel display: a screen's picture at a large font,
    /// 3 MiB of pixels at most.
    package static let decodeBox = PixelSize(width: 1280, height: 800)

    package init(pixelProtocol: PixelProtocol, cell: PixelSize) {
        self.pixelProtocol = pixelProtocol
        self.cell = PixelSize(width: max(1, cell.width), height: max(1, cell.height))
    }
}
