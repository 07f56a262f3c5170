/// Bytes that came where an image was expected and are plainly a web page or JSON (an error
/// page, an API's answer), recognised by their first 64 bytes, for the message that refuses them.
enum SniffedText {
    case html, json

    /// How many first bytes are read.
    static let headLength = 64

    init?(_ bytes: some Collection<UInt8>) {
        let head = String(decoding: bytes.prefix(Self.headLength), as: UTF8.self).lowercased()
        let text = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if ["<!doctype html", "<html", "<head", "<body"].contains(where: { text.hasPrefix($0) })
            || head.containsBytes(of: "<!doctype html") || head.containsBytes(of: "<html")
        {
            self = .html
        } else if text.hasPrefix("{") || text.hasPrefix("[") {
            self = .json
        } else {
            return nil
        }
    }

    var mediaType: String { self == .html ? "text/html" : "application/json" }
    var name: String { self == .html ? "HTML" : "JSON" }

    /// `a web page (text/html)`, `JSON (application/json)`, or the type itself.
    static func describe(_ mediaType: String) -> String {
        switch mediaType {
        case "text/html", "application/xhtml+xml": return "a web page (\(mediaType))"
        case "application/json": return "JSON (\(mediaType))"
        default: return mediaType
        }
    }
}
