import FoundationEssentials

/// One line of the diagnostic log:
///
///     2025-03-01T09:30:12.345Z info fetch source="BBC News" url=https://feeds.bbci.co.uk/news/rss.xml status=200 bytes=48211 ms=87 outcome=ok
///
/// A UTC timestamp with milliseconds, the level, the event, then `key=value` fields. Every part is
/// sanitised (no escape sequences, controls or newlines can reach the file), each value is cut at
/// `maxValueLength`, values with spaces, quotes, `=` or backslashes are quoted, and any secret is
/// replaced by `[redacted]` wherever it appears.
enum LogLine {
    static let maxValueLength = 8_192
    static let redacted = "[redacted]"

    static func format(
        date: Date, level: LogLevel, event: String, fields: [(String, String)], secrets: [String]
    ) -> String {
        var line = timestamp(date) + " " + level.name + " " + name(event, secrets: secrets)
        for (key, value) in fields {
            line += " " + name(key, secrets: secrets) + "=" + quoteIfNeeded(redact(Sanitizer.clean(value, maxLength: maxValueLength), secrets))
        }
        return redact(line, secrets) + "\n"
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, whatever the local time zone.
    static func timestamp(_ date: Date) -> String {
        // Through whole microseconds first, so that -0.001 s is not read as -1.0000000000000002 ms.
        let total = Int(((date.timeIntervalSince1970 * 1_000_000).rounded() / 1000).rounded(.down))
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let millis = total - seconds * 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let ofDay = seconds - days * 86_400
        let (year, month, day) = ISO8601.civilFromDays(days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(ofDay / 3600, 2) + ":"
            + pad(ofDay / 60 % 60, 2) + ":" + pad(ofDay % 60, 2) + "." + pad(millis, 3) + "Z"
    }

    /// An event or field name: letters, digits, `_`, `-` and `.`; anything else becomes `_`.
    static func name(_ text: String, secrets: [String]) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                redact(text, secrets).unicodeScalars.prefix(64).map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar))
                        ? scalar : "_"
                }))
        return cleaned.isEmpty ? "_" : cleaned
    }

    static func quoteIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains { $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" }
        guard needsQuotes else { return value }
        return "\"" + value.replacingBytes(of: "\\", with: "\\\\").replacingBytes(of: "\"", with: "\\\"") + "\""
    }

    /// `text` with every secret, and every form a secret takes once sanitised, quoted or
    /// percent-encoded, replaced.
    static func redact(_ text: String, _ secrets: [String]) -> String {
        var text = text
        for secret in secrets {
            for form in forms(of: secret) where text.containsBytes(of: form) {
                text = text.replacingBytes(of: form, with: redacted)
            }
        }
        return text
    }

    private static func forms(of secret: String) -> Set<String> {
        var forms: Set<String> = [secret, Sanitizer.clean(secret)]
        forms.insert(secret.replacingBytes(of: "\\", with: "\\\\").replacingBytes(of: "\"", with: "\\\""))
        forms.insert(PercentEncoding.encode(secret, keeping: PercentEncoding.isASCIIAlphanumeric))
        return forms.filter { !$0.isEmpty }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
