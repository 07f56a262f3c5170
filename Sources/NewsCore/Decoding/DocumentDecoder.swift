import Foundation

/// Recognises a news document by its content and hands it to the right decoder.
/// NewsAPI's JSON today; RSS, Atom and JSON Feed slot in here as they arrive.
public enum DocumentDecoder {
    public enum Format: Sendable, Equatable {
        case newsAPI
        case xml
        case html
        case unknown
    }

    public static func sniff(_ data: Data) -> Format {
        for byte in data.prefix(512) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue  // whitespace and a byte order mark
            // Any JSON value: an object may be an edition; the decoder says what else it is.
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                return .newsAPI
            case UInt8(ascii: "<"):
                // A web page (an error page, a captive portal) is not a feed.
                let head = String(decoding: data.prefix(512), as: UTF8.self).lowercased()
                return head.contains("<!doctype html") || head.contains("<html") ? .html : .xml
            default: return .unknown
            }
        }
        return .unknown
    }

    public static func decode(_ data: Data, baseURL: URL?) throws(NewsError) -> Edition {
        switch sniff(data) {
        case .newsAPI: return try NewsAPIDecoder.decode(data, baseURL: baseURL)
        case .xml: throw .invalidDocument("it is an XML feed, and RSS and Atom are not supported yet")
        case .html: throw .invalidDocument("it is a web page (HTML), not a news document")
        case .unknown: throw .invalidDocument(data.isEmpty ? "it is empty" : "it is not a news document (not JSON)")
        }
    }
}
