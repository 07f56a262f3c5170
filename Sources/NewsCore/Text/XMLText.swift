import FoundationEssentials

/// Escaping for XML 1.0 text, attribute values and comments: the OPML writer's, and the feed
/// reader's when it writes markup met inside a field back out.
enum XMLText {
    /// Safe inside double-quoted attributes and element text. Characters XML cannot hold at all
    /// (C0 controls other than tab, newline and return; lone surrogates cannot occur in a String) are dropped;
    /// tab, newline and return are written as references so that attribute normalisation keeps them.
    static func escape(_ text: String) -> String {
        // Most text has nothing to escape (U+FFFE and U+FFFF start with 0xEF in UTF-8).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text that may stand inside `<!-- -->`: no `--`, no final `-`, no control characters.
    static func comment(_ text: String) -> String {
        var out = Sanitizer.clean(text)
        while out.containsBytes(of: "--") { out = out.replacingBytes(of: "--", with: "- -") }
        if out.utf8.last == UInt8(ascii: "-") { out += " " }
        return out
    }
}
