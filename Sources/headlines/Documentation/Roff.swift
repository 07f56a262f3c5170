/// Text made safe for roff (the man page's language): backslashes and leading dots escaped,
/// option names' hyphens written as `\-` (so they copy as typed), `code` spans in bold, and
/// characters beyond ASCII as groff's `\[uXXXX]` escapes (so no renderer guesses the encoding).
enum Roff {
    /// A line of running text, which may hold `code` spans.
    static func text(_ text: String) -> String {
        var output = ""
        var inCode = false
        var word = ""
        func flush() {
            output += (inCode || word.hasPrefix("-")) ? escaped(word, minus: true) : escaped(word, minus: false)
            word = ""
        }
        for character in text {
            switch character {
            case "`":
                flush()
                inCode.toggle()
                output += inCode ? "\\fB" : "\\fR"
            case " ":
                flush()
                output += " "
            default:
                word.append(character)
            }
        }
        flush()
        if inCode { output += "\\fR" }
        return guardingLineStart(output)
    }

    /// `name` in bold, as options and settings are shown.
    static func bold(_ name: String) -> String { "\\fB" + escaped(name, minus: true) + "\\fR" }

    /// `name` in italics, as placeholders and paths are shown.
    static func italic(_ name: String) -> String { "\\fI" + escaped(name, minus: true) + "\\fR" }

    /// A line that starts with `.` or `'` would be read as a request: `\&` in front makes it text.
    static func guardingLineStart(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    private static func escaped(_ text: String, minus: Bool) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\e"
            case "-" where minus: output += "\\-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
