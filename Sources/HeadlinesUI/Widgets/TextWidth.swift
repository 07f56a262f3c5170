/// Terminal column widths, measured the way curses and the terminal will draw the text.
///
/// curses (and tmux, the terminal of our tests) give every code point its own width, from the C
/// library's `wcwidth`; they know nothing of grapheme clusters. A cluster whose parts the terminal
/// would spread over more columns than a reader sees (an emoji family joined by ZWJ, a thumbs-up
/// with a skin tone) is therefore first reduced to a form every terminal draws alike (see
/// `TerminalGlyph`), and then measured as the sum of its code points' widths, from a table taken
/// from glibc (`TerminalWidthTable`). The canvas, the driver and the terminal then agree on every
/// cell. Our own table rather than a live `wcwidth`, whose answers depend on the process locale:
/// layout must be the same in tests, in the benchmark and on screen.
package enum TextWidth {
    /// Columns one grapheme takes once reduced for the terminal: 0 (drawn as nothing), 1, 2, or
    /// more for a cluster of several spacing code points (a Devanagari conjunct).
    package static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }  // the common case
        return TerminalGlyph.reduce(character).width
    }

    /// Columns a whole string takes.
    package static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// `wcwidth` of one code point as glibc gives it in a UTF-8 locale: 0, 1, 2, or -1 for what
    /// cannot be printed (controls, unassigned code points).
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if contains(TerminalWidthTable.zero, value) { return 0 }
        if contains(TerminalWidthTable.wide, value) { return 2 }
        if contains(TerminalWidthTable.unprintable, value) { return -1 }
        return 1
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(value)
    }
}
