/// The text of a `<pre>`: gathered as written, then cut into lines that keep their spaces.
struct PreformattedText {
    static let tabStop = 8

    private var text = ""
    private var started = false

    /// Adds decoded text. A newline straight after `<pre>` is not content (HTML's rule).
    mutating func append(_ decoded: String) {
        var decoded = Substring(decoded)
        // "\r\n" is one Character, and a line break is always a Character of its own.
        if !started, let first = decoded.first, first == "\n" || first == "\r" || first == "\r\n" {
            decoded = decoded.dropFirst()
        }
        started = started || !decoded.isEmpty
        text += decoded
    }

    mutating func appendLineBreak() {
        started = true
        text += "\n"
    }

    var byteCount: Int { text.utf8.count }

    /// The lines, each sanitised with its spacing kept; blank lines at either end dropped.
    func lines() -> [String] {
        let separators: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}"]
        var lines = text.replacing("\r\n", with: "\n").unicodeScalars
            .split(omittingEmptySubsequences: false) { separators.contains($0) }
            .map { Self.clean(Substring($0)) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines
    }

    /// One line, its tabs expanded to the next multiple of `tabStop` and its other characters
    /// through `Sanitizer`, with runs of spaces kept: spaces are hidden from the sanitiser (as
    /// no-break spaces, which it keeps) and restored after. Trailing spaces are dropped.
    /// Tab stops count characters: NewsCore knows nothing of terminal columns.
    static func clean(_ line: Substring) -> String {
        var result = ""
        var column = 0
        for (index, piece) in line.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                let spaces = tabStop - column % tabStop
                result += String(repeating: " ", count: spaces)
                column += spaces
            }
            var hidden = String.UnicodeScalarView()
            hidden.append(contentsOf: piece.unicodeScalars.lazy.map { $0 == " " ? "\u{A0}" : $0 })
            var cleaned = String.UnicodeScalarView()
            cleaned.append(contentsOf: Sanitizer.clean(String(hidden)).unicodeScalars.lazy.map { $0 == "\u{A0}" ? " " : $0 })
            let cleanedText = String(cleaned)
            result += cleanedText
            column += cleanedText.count
        }
        while result.last == " " { result.removeLast() }
        return result
    }
}
