import NewsCore

/// A row of a list written by a `RowFormat` (newsboat's `articlelist-format`, `feedlist-format`):
/// each field's text from `value`, aligned and cut to its width, `%?X?…&…?` by whether the field
/// is empty, `%>c` filled so that what follows ends at the row's last column; the whole cut to `columns`.
enum RowFormatText {
    static func line(_ format: RowFormat, columns: Int, value: (Character) -> String) -> String {
        var fills: [(Character, String)] = []  // each `%>c` and the text after it
        var head = ""
        func append(_ text: String) {
            if fills.isEmpty { head += text } else { fills[fills.count - 1].1 += text }
        }
        func walk(_ parts: [RowFormat.Part]) {
            for part in parts {
                switch part {
                case .text(let text): append(text)
                case .field(let code, let width, let leftAligned):
                    let text = value(code)
                    guard width > 0 else {
                        append(text)
                        continue
                    }
                    let cut = TextLayout.truncate(text, to: width)
                    append(leftAligned ? TextLayout.pad(cut, to: width) : TextLayout.padLeft(cut, to: width))
                case .ifPresent(let code, let then, let otherwise):
                    walk(value(code).isEmpty ? otherwise : then)
                case .fill(let character):
                    fills.append((character, ""))
                }
            }
        }
        walk(format.parts)
        guard let (character, tail) = fills.first else { return TextLayout.truncate(head, to: columns) }
        // The first fill pushes the rest (later fills are taken as text) to the right edge.
        let rest = tail + fills.dropFirst().map { String($0.0) + $0.1 }.joined()
        let gap = columns - TextWidth.of(head) - TextWidth.of(rest)
        guard gap > 0 else { return TextLayout.truncate(head + rest, to: columns) }
        let filler = TextWidth.of(character) == 1 ? String(repeating: character, count: gap) : String(repeating: " ", count: gap)
        return head + filler + rest
    }

    /// A text's length as `%L` says it: 812, 1.2K, 34K.
    static func length(_ characters: Int) -> String {
        if characters < 1000 { return String(characters) }
        if characters < 10_000 { return String(characters / 1000) + "." + String(characters % 1000 / 100) + "K" }
        return String(characters / 1000) + "K"
    }
}
