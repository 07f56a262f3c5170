/// A value put in place of a placeholder (`%u`, `%s`, `%f`) in a command's words, which run
/// with no shell. A word that is the placeholder alone becomes the value whole, one argument.
/// A word that holds it among other text may be a shell's script (`sh -c "echo '%u' >> FILE"`,
/// and what `--import-newsboat` carries from newsboat's `browser`): there a link from a feed is
/// percent-encoded past the characters a shell reads as plain text, as newsboat quotes it, so
/// `';touch$IFS$HOME/pwned;'` stays inside the link.
package enum CommandPlaceholder {
    /// `words` with `value` in place of `placeholder`; nil when no word holds it (the caller
    /// then adds the value as the last argument). `insideAWord`: the value as put among other text.
    package static func fill(
        _ words: [String], _ placeholder: String, with value: String, insideAWord: (String) -> String
    ) -> [String]? {
        guard words.contains(where: { $0.contains(placeholder) }) else { return nil }
        return words.map { word in
            word == placeholder ? value : word.replacing(placeholder, with: insideAWord(value))
        }
    }

    /// `link` with every byte percent-encoded but letters, digits and `-._~:/?#[]@=+,%`: none
    /// of those ends a word, a quote or a command in a shell, or expands (`$`, `` ` ``, `!`).
    /// The link's meaning holds; `&`, `;`, `'`, `(`, `)`, `*`, `!`, `$` in it are sent encoded.
    package static func shellSafeLink(_ link: String) -> String {
        var text = ""
        for byte in link.utf8 {
            if isPlain(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return text
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "-._~:/?#[]@=+,%".utf8.contains(byte)
        }
    }
}
