/// Text made the same whatever its case, for search: Unicode's full case folding where it
/// differs from the simple folding the index's `unicode61` tokenizer does itself — `ß` and `ẞ`
/// as `ss` (so `strassenbahn` finds `Straßenbahn`), the ligatures `ﬁ` `ﬂ` `ﬀ`, `ŉ`, `ǰ`, `İ`,
/// Armenian `և`, the Greek letters with iota subscript or several marks, final sigma. Both the
/// index and every query go through it, so they meet. One pass over the bytes; text without
/// any of those characters (all ASCII text, most of every script) is returned as it is.
public enum CaseFolding {
    public static func fold(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsFullFold) else { return text }
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsFullFold(scalar) {
                // Upper case, then lower: for these, Unicode's full folding (ß → SS → ss, ﬁ → FI → fi, ς → Σ → σ).
                folded.append(contentsOf: String(scalar).uppercased().lowercased().unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// The characters whose full case folding is more than the simple one (CaseFolding.txt's `F`
    /// and `T` lines, and final sigma).
    static func needsFullFold(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00DF, 0x0130, 0x0149, 0x01F0, 0x0390, 0x03B0, 0x03C2, 0x0587, 0x1E96...0x1E9E, 0x1F50...0x1F56, 0x1F80...0x1FFC,
            0xFB00...0xFB06, 0xFB13...0xFB17:
            return true
        default:
            return false
        }
    }
}
