import NewsCore

/// Writes compact JSON as NewsAPI does: raw UTF-8, control characters escaped, and optionally
/// everything outside ASCII as `\u` escapes (surrogate pairs beyond the BMP).
struct JSONWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(10 << 20) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ text: String?, asciiOnly: Bool = false) {
        guard let text else { raw("null"); return }
        raw(JSONStringLiteral.quoted(text, asciiOnly: asciiOnly))
    }
}
