/// One grapheme reduced to what every terminal draws in the same number of columns.
///
/// Terminals disagree on clusters: tmux and curses give each code point of an emoji family its
/// own cell, a modern terminal draws it as one glyph of two. Drawing what they all agree on keeps
/// rows whole, so a cluster loses what only some terminals join:
/// - an emoji ZWJ sequence keeps its first emoji (👨‍👩‍👧 → 👨);
/// - skin-tone modifiers, variation selectors 15/16 and tag characters are dropped (👍🏽 → 👍,
///   ❤️ → ❤, whose emoji form some terminals draw two columns wide and others one);
/// - zero-width marks are kept up to four after each spacing code point (curses keeps five
///   characters per cell, tmux 21 bytes), and never before the first one (they would attach to
///   the cell before);
/// - controls vanish; code points that cannot be printed become U+FFFD.
package enum TerminalGlyph {
    package static let maximumMarks = 4

    /// The reduced grapheme and the columns it takes (the sum of its code points' widths).
    package static func reduce(_ character: Character) -> (text: String, width: Int) {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first {
            if only.value >= 0x20 && only.value < 0x7F { return (String(character), 1) }
            if isDroppedAlone(only) { return ("", 0) }
            let columns = TextWidth.scalarWidth(only)
            return columns < 0 ? ("\u{FFFD}", 1) : (String(character), columns)
        }
        var text = String.UnicodeScalarView()
        var width = 0
        var marks = 0
        var hasBase = false
        let isEmojiSequence = character.unicodeScalars.first?.properties.isEmoji == true
        for scalar in character.unicodeScalars {
            let value = scalar.value
            if value == 0x200D && isEmojiSequence { break }  // the rest of a ZWJ sequence
            if isDropped(value, afterBase: hasBase) { continue }
            var kept = scalar
            var columns = TextWidth.scalarWidth(scalar)
            if columns < 0 {
                kept = "\u{FFFD}"
                columns = 1
            }
            if columns == 0 {
                guard hasBase, marks < maximumMarks else { continue }
                marks += 1
            } else {
                hasBase = true
                marks = 0
            }
            text.append(kept)
            width += columns
        }
        return (String(text), width)
    }

    /// The characters drawn as they are: one printable code point with nothing to reduce.
    static func isDroppedAlone(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || TextWidth.scalarWidth(scalar) == 0
    }

    private static func isDropped(_ value: UInt32, afterBase: Bool) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
            || value == 0xFE0E || value == 0xFE0F
            || (0xE0000...0xE007F).contains(value)
            || (afterBase && (0x1F3FB...0x1F3FF).contains(value))
    }
}
