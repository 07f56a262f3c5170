import FoundationEssentials
import NewsCore

/// The lines `--print` writes: tab-separated text, or one JSON object per article.
enum PrintFormat {
    /// `date<TAB>source<TAB>title<TAB>url`; the date in UTC without fraction, empty when undated;
    /// the url empty when the article has none.
    static func line(_ article: Article) -> String {
        let date = article.publishedAt.map(ISO8601.formatUTC) ?? ""
        return [date, article.sourceName ?? "", article.title, article.url?.absoluteString ?? ""].joined(separator: "\t")
    }

    /// NewsAPI's field names, with `source` as the name string and `publishedAt` in UTC or null;
    /// `content` is NewsAPI's extract, or a feed's full text as one line of plain text.
    static func jsonLine(_ article: Article) -> String {
        let fields: [(String, String?)] = [
            ("source", article.sourceName),
            ("author", article.author),
            ("title", article.title),
            ("description", article.description),
            ("url", article.url?.absoluteString),
            ("urlToImage", article.imageURL?.absoluteString),
            ("publishedAt", article.publishedAt.map(ISO8601.formatUTC)),
            ("content", article.content ?? article.body.flatMap(plainText)),
        ]
        return "{" + fields.map { "\(jsonString($0.0)):\($0.1.map(jsonString) ?? "null")" }.joined(separator: ",") + "}"
    }

    /// A body flattened as a summary is (tags dropped, references decoded, spaces folded), capped.
    static func plainText(_ body: ArticleBody) -> String? {
        switch body {
        case .html(let html): Sanitizer.cleanOptional(HTMLInline.plainText(html), maxLength: TextLimits.content)
        case .text(let text): Sanitizer.cleanOptional(text, maxLength: TextLimits.content)
        }
    }

    /// A JSON string literal; non-ASCII stays as UTF-8, controls are escaped.
    static func jsonString(_ text: String) -> String {
        var output = "\""
        output.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
