import FoundationEssentials

/// File names for saved images, made from untrusted titles. The result is one plain name
/// inside the save folder: no separators, no leading dot or dash, no `..`, at most 80
/// characters of title, then a short hash of the image URL (so two articles with one title
/// never collide) and the extension of the type the bytes showed.
public enum SafeFileName {
    public static let maximumTitleLength = 80

    /// `Port-unveils-quiet-cranes-3f9a1c20b7`.
    public static func stem(title: String, imageURL: URL) -> String {
        var folded = ""
        var lastWasDash = true  // no leading dash
        var count = 0
        for original in title {
            guard count < maximumTitleLength else { break }
            let character = LatinLetters.composed(original)
            let keep =
                (character.isLetter || character.isNumber || character == "_")
                && character.unicodeScalars.allSatisfy { !$0.properties.isDefaultIgnorableCodePoint }
                && character.unicodeScalars.count == 1
            if keep {
                folded.append(character)
                lastWasDash = false
                count += 1
            } else if !lastWasDash {
                folded.append("-")
                lastWasDash = true
                count += 1
            }
        }
        while folded.hasSuffix("-") { folded.removeLast() }
        // Keep the name well inside the 255-byte limit of most file systems.
        while folded.utf8.count > 160 { folded.removeLast() }
        if folded.isEmpty { folded = "image" }
        return folded + "-" + shortHash(imageURL.absoluteString)
    }

    /// The file name: the stem, `-2`, `-3`... for later attempts when a name is taken, the extension.
    public static func name(title: String, imageURL: URL, format: ImageFormat, attempt: Int = 1) -> String {
        name(stem: stem(title: title, imageURL: imageURL), format: format, attempt: attempt)
    }

    static func name(stem: String, format: ImageFormat, attempt: Int) -> String {
        stem + (attempt == 1 ? "" : "-\(attempt)") + "." + format.fileExtension
    }

    /// 10 hex digits of FNV-1a 64: stable across runs (unlike Swift's seeded `Hasher`).
    static func shortHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        return String(padded.prefix(10))
    }
}
