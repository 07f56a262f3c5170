/// The config file's small lexical rules, shared by the parser and by the code that writes sections:
/// quoted strings with backslash escapes, whitespace-separated words, and quoting for messages.
enum ConfigText {
    /// A value as written after `=`: trimmed; or, when it starts with `"`, the quoted string
    /// (`\"`, `\\`, `\n`, `\t`), with nothing but spaces after the closing quote.
    static func value(_ raw: Substring) throws(LineError) -> String {
        let trimmed = raw.trimmingSpaces
        guard trimmed.first == "\"" else { return String(trimmed) }
        var words = WordReader(trimmed)
        guard let word = try words.next(), words.isAtEnd else {
            throw LineError("unexpected text after the closing quote")
        }
        return word
    }

    /// Splits `text` into words at runs of spaces and tabs; a word may be a quoted string.
    static func words(_ text: Substring) throws(LineError) -> [String] {
        var reader = WordReader(text)
        var words: [String] = []
        while let word = try reader.next() { words.append(word) }
        return words
    }

    /// How a value is written back: bare when that reads back the same, else quoted. (A bare
    /// value is read as written, backslashes too: `group = News\/Views` stays legible.)
    static func encode(_ value: String) -> String {
        let needsQuotes =
            value.isEmpty || value.first == "\"" || value.first == " " || value.last == " "
            || value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        return needsQuotes ? quote(value) : value
    }

    /// A quoted string that `value` and `words` read back as `value`.
    static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Text from the file, made safe and short for an error message, in straight quotes.
    static func quoted(_ text: String) -> String {
        "\"" + Sanitizer.clean(text, maxLength: 80) + "\""
    }
}

/// Reads words, bare or quoted, from one line.
private struct WordReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: Substring) { scalars = Array(text.unicodeScalars) }

    var isAtEnd: Bool {
        var probe = index
        while probe < scalars.count, scalars[probe].isSpaceOrTab { probe += 1 }
        return probe == scalars.count
    }

    mutating func next() throws(LineError) -> String? {
        while index < scalars.count, scalars[index].isSpaceOrTab { index += 1 }
        guard index < scalars.count else { return nil }
        if scalars[index] == "\"" { return try quoted() }
        var word = String.UnicodeScalarView()
        while index < scalars.count, !scalars[index].isSpaceOrTab {
            word.append(scalars[index])
            index += 1
        }
        return String(word)
    }

    private mutating func quoted() throws(LineError) -> String {
        index += 1  // the opening quote
        var word = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"":
                if index < scalars.count, !scalars[index].isSpaceOrTab {
                    throw LineError("a quoted string must be followed by a space or the end of the line")
                }
                return String(word)
            case "\\":
                guard index < scalars.count else { break }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "\"", "\\": word.append(escaped)
                case "n": word.append("\n")
                case "t": word.append("\t")
                default: throw LineError("unknown escape \"\\\(Character(escaped))\" (inside quotes: \\\" \\\\ \\n \\t)")
                }
            default:
                word.append(scalar)
            }
        }
        throw LineError("a quoted string has no closing quote")
    }
}

extension Unicode.Scalar {
    fileprivate var isSpaceOrTab: Bool { self == " " || self == "\t" }
}

extension Substring {
    /// Without spaces and tabs at either end (no Foundation character sets: they are slow on Linux).
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
