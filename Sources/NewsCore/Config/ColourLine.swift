/// Reads one `color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]` line (`colour` is accepted too).
/// Words are separated by spaces or tabs; a mistake names the word's column in the line.
enum ColourLine {
    /// The names of the eight basic colours, in palette order; `bright` before one adds 8.
    static let basicNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// - Parameter indent: the columns before `text` on its line (its leading spaces).
    static func parse(_ text: Substring, line: Int, indent: Int = 0) throws(LineError) -> (ColourScheme.Element, ColourScheme.Look) {
        let words = split(text, indent: indent)
        let usage = "color takes an element, a foreground and a background: color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]"
        guard words.count >= 4 else { throw LineError(usage) }
        let elementWord = words[1]
        guard let element = ColourScheme.Element(rawValue: elementWord.text.lowercased()) else {
            let names = ColourScheme.Element.allCases.map(\.rawValue)
            let near = names.first { EditDistance.isAtMostOne(elementWord.text.lowercased(), $0) }
            let hint = near.map { " (did you mean \"\($0)\"?)" } ?? " (elements: \(names.joined(separator: ", ")))"
            throw LineError("color: unknown element \(ConfigText.quoted(elementWord.text)) at column \(elementWord.column)" + hint)
        }
        let foreground = try colour(words[2])
        let background = try colour(words[3])
        var attributes: [ColourScheme.Attribute] = []
        for word in words.dropFirst(4) {
            guard let attribute = ColourScheme.Attribute(rawValue: word.text.lowercased()) else {
                let names = ColourScheme.Attribute.allCases.map(\.rawValue).joined(separator: ", ")
                throw LineError("color: unknown attribute \(ConfigText.quoted(word.text)) at column \(word.column) (attributes: \(names))")
            }
            if !attributes.contains(attribute) { attributes.append(attribute) }
        }
        return (element, ColourScheme.Look(foreground: foreground, background: background, attributes: attributes, line: line))
    }

    /// A colour word: a name, `brightNAME`, `colorN` (0–255), `#rrggbb`, or `default`.
    static func colour(_ word: Word) throws(LineError) -> ColourScheme.Colour {
        let text = word.text.lowercased()
        if text == "default" { return .default }
        if let index = basicNames.firstIndex(of: text) { return .indexed(UInt8(index)) }
        if text.hasPrefix("bright"), let index = basicNames.firstIndex(of: String(text.dropFirst(6))) {
            return .indexed(UInt8(index + 8))
        }
        if text.hasPrefix("color"), let index = number(text.dropFirst(5), radix: 10), index <= 255 {
            return .indexed(UInt8(index))
        }
        if text.first == "#", text.count == 7, let value = number(text.dropFirst(), radix: 16) {
            return .rgb(RGB(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)))
        }
        throw LineError(
            "color: \(ConfigText.quoted(word.text)) at column \(word.column) is not a colour (a name such as red or brightblue, color0 to color255, #rrggbb, or default)"
        )
    }

    /// Digits only (no sign, no spaces), at most six of them.
    private static func number(_ text: Substring, radix: Int) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        return Int(text, radix: radix)
    }

    struct Word {
        let text: String
        /// 1-based, in characters from the start of the line.
        let column: Int
    }

    static func split(_ text: Substring, indent: Int) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start = 0
        for (offset, character) in text.enumerated() {
            if character == " " || character == "\t" {
                if !current.isEmpty { words.append(Word(text: current, column: indent + start + 1)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(Word(text: current, column: indent + start + 1)) }
        return words
    }
}
