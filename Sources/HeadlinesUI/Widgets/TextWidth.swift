/// Terminal column widths, measured per grapheme (what the user sees as one character) with
/// `wcwidth`'s rules: East Asian wide and emoji take two columns, combining marks none.
///
/// Our own table rather than libc's `wcwidth`, whose answers depend on the process locale:
/// layout must be the same in tests, in the benchmark and on screen.
public enum TextWidth {
    /// Columns one grapheme takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }  // ASCII fast path
        var width = scalarWidth(first)
        for scalar in scalars.dropFirst() {
            // A variation selector 16 asks for the emoji (wide) presentation.
            if scalar.value == 0xFE0F, first.properties.isEmoji { width = 2 }
            // Regional indicator pairs (flags) are wide.
            if (0x1F1E6...0x1F1FF).contains(scalar.value) { width = 2 }
        }
        return width
    }

    /// Columns a whole string takes.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }  // Hangul medial jamo, zero width space
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), as in Markus Kuhn's wcwidth.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return (0x1100...0x115F).contains(value)
            || (0x231A...0x231B).contains(value) || (0x2329...0x232A).contains(value)
            || (0x2E80...0x303E).contains(value) || (0x3041...0x33FF).contains(value)
            || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xA000...0xA4CF).contains(value) || (0xA960...0xA97F).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE10...0xFE19).contains(value) || (0xFE30...0xFE6F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x16FE0...0x16FE4).contains(value) || (0x17000...0x18CFF).contains(value)
            || (0x1B000...0x1B2FF).contains(value) || (0x1F200...0x1F2FF).contains(value)
            || (0x1F300...0x1F64F).contains(value) || (0x1F900...0x1F9FF).contains(value)
            || (0x1FA70...0x1FAFF).contains(value)
            || (0x20000...0x2FFFD).contains(value) || (0x30000...0x3FFFD).contains(value)
    }
}
