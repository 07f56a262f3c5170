/// Bytes that came where an image was expected and are plainly a web page or JSON (an error
/// page, an API's answer), recognised by their first 64 bytes, for the message that refuses them.
enum SniffedText {
    case html, json

    init?(_ bytes: some Collection<UInt8>) {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
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
}
