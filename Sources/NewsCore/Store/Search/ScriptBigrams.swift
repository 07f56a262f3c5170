/// Words in scripts written without spaces between them (Chinese, Japanese, Thai, Lao, Khmer,
/// Burmese; and Korean, whose spaced words carry endings), made findable. FTS5's `unicode61`
/// takes a whole run of such characters as one word, so "東京" was never found inside
/// "東京都の天気". Each run becomes its overlapping pairs of characters ("東京 京都 都の の天 天気"),
/// in the indexed text and in the query alike: a word of two or more characters is then a
/// phrase of pairs, found wherever it stands. A run of one character stays as it is.
/// Characters are grapheme clusters, so a Thai consonant keeps its vowel and tone marks.
enum ScriptBigrams {
    /// `text` with every run of those scripts written as its pairs, set apart by spaces; other
    /// text as it was. Returns the text itself (no copy) when it holds none of them.
    static func segmented(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isPaired) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count * 2)
        var run: [Character] = []
        func flush() {
            guard !run.isEmpty else { return }
            output += " "
            if run.count == 1 {
                output.append(run[0])
            } else {
                for index in 0..<(run.count - 1) {
                    if index > 0 { output += " " }
                    output.append(run[index])
                    output.append(run[index + 1])
                }
            }
            output += " "
            run.removeAll(keepingCapacity: true)
        }
        for character in text {
            if let first = character.unicodeScalars.first, isPaired(first) {
                run.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }

    /// A character of a script written in pairs here.
    static func isPaired(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x1000...0x109F,  // Myanmar
            0x1100...0x11FF,  // Hangul Jamo
            0x1780...0x17FF,  // Khmer
            0x3040...0x30FF,  // Hiragana, Katakana
            0x3130...0x318F,  // Hangul compatibility Jamo
            0x31F0...0x31FF,  // Katakana phonetic extensions
            0x3400...0x4DBF,  // CJK Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF66...0xFF9F,  // Halfwidth Katakana
            0x20000...0x3FFFF:  // CJK Extensions B onwards
            return SearchQuery.isTokenCharacter(scalar)
        default:
            return false
        }
    }
}
