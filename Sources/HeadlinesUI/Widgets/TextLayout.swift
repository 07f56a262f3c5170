/// Cutting and wrapping text by terminal columns, never inside a character.
package enum TextLayout {
    package static let ellipsis: Character = "…"

    /// `text` cut to `columns`, ending in an ellipsis when it was cut.
    package static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if text.utf8.count <= columns, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var used = 0
        var result = ""
        for character in text {
            let width = TextWidth.of(character)
            if used + width > columns {
                // Make room for the ellipsis (one column).
                while used + 1 > columns, let last = result.popLast() { used -= TextWidth.of(last) }
                return result + String(ellipsis)
            }
            result.append(character)
            used += width
        }
        return result
    }

    /// `text` padded with spaces (or cut) to exactly `columns`.
    package static func pad(_ text: String, to columns: Int) -> String {
        let cut = truncate(text, to: columns)
        let width = TextWidth.of(cut)
        return width >= columns ? cut : cut + String(repeating: " ", count: columns - width)
    }

    /// `text` right-aligned in `columns` (spaces before it; never cut: a count is shown whole).
    package static func padLeft(_ text: String, to columns: Int) -> String {
        let width = TextWidth.of(text)
        return width >= columns ? text : String(repeating: " ", count: columns - width) + text
    }

    /// `text` cut into pieces by columns, spaces kept, never inside a character: the first piece
    /// at most `first` columns, the others at most `rest` (a preformatted line, wrapped).
    package static func split(_ text: String, first: Int, rest: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var used = 0
        for character in text {
            let width = TextWidth.of(character)
            let limit = max(1, pieces.isEmpty ? first : rest)
            if used + width > limit, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                used = 0
            }
            piece.append(character)
            used += width
        }
        if !piece.isEmpty || pieces.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// Word-wraps `text` into lines of at most `columns`; words longer than a line are broken
    /// at a character boundary.
    package static func wrap(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = TextWidth.of(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= columns {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > columns {
                var head = ""
                var headWidth = 0
                var rest = Substring(word)
                while let character = rest.first, headWidth + TextWidth.of(character) <= columns {
                    head.append(character)
                    headWidth += TextWidth.of(character)
                    rest = rest.dropFirst()
                }
                if head.isEmpty, let character = rest.first {  // a wide character in a 1-column space
                    head.append(character)
                    rest = rest.dropFirst()
                }
                lines.append(head)
                word = String(rest)
                wordWidth = TextWidth.of(word)
            }
            line = word
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
