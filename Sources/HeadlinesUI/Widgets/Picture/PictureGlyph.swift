import NewsCore
import HeadlinesSession

/// A colour as the terminal is told it.
package enum PictureColour: Sendable, Hashable {
    /// 24-bit.
    case rgb(RGB)
    /// An index into the 256-colour palette (16–255 here).
    case indexed(UInt8)
}

/// What one cell of a picture draws: a character and, with colour, its two colours.
package struct PictureGlyph: Sendable, Hashable {
    package var character: Character
    package var foreground: PictureColour?
    package var background: PictureColour?

    package init(character: Character, foreground: PictureColour?, background: PictureColour?) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }

    /// The cell showing pixel `top` above pixel `bottom` at `depth`: an upper half block (`▀`)
    /// with the top pixel as the foreground and the bottom one as the background, in true or
    /// palette colours, or a shade character.
    package init(top: RGB, bottom: RGB, depth: PictureColourDepth) {
        switch depth {
        case .trueColour:
            self.init(character: HalfBlocks.character, foreground: .rgb(top), background: .rgb(bottom))
        case .palette256:
            self.init(
                character: HalfBlocks.character,
                foreground: .indexed(XtermPalette.nearest(top)),
                background: .indexed(XtermPalette.nearest(bottom)))
        case .shades:
            self.init(character: ShadeRamp.character(top: top, bottom: bottom), foreground: nil, background: nil)
        }
    }

    /// The cell's style: its exact colours (none in the shade ramp).
    package var style: Style { Style(foreground: foreground, background: background) }
}
