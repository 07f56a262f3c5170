import FoundationEssentials

/// Recognises a news document by its content (never its URL or Content-Type, which are often
/// wrong) and hands it to the right decoder: JSON is a JSON Feed when its `version` says so,
/// else NewsAPI's shape; XML is RSS, RSS 1.0 or Atom by its root element; a web page is named
/// as one (`DocumentSource` looks for the feed it links to).
public enum DocumentDecoder {
    public enum Format: Sendable, Equatable {
        /// JSON: a JSON Feed or a NewsAPI response, or another value the decoder names.
        case json
        case xml
        case html
        case unknown
    }

    /// How far the first significant character may be; and how far a prolog (declaration,
    /// comments, stylesheet instructions, DOCTYPE) is followed to the root element.
    static let leadLimit = 512
    static let prologLimit = 4096

    public static func sniff(_ data: Data) -> Format {
        switch EncodingSignature(data) {
        case .utf16, .utf32:
            // Read as UTF-8 as far as the prolog goes (a page in UTF-16 is still a page). A head
            // that does not decode is left to the XML decoder, which says why.
            guard let head = try? FeedEncoding.utf8(data.prefix(4 * prologLimit), contentType: nil) else { return .xml }
            let format = sniff(head)
            return format == .unknown ? .xml : format
        case .unusualUCS4, .ebcdic:
            return .xml
        case .asciiCompatible, .utf8ByteOrderMark:
            break
        }
        for (offset, byte) in data.prefix(leadLimit).enumerated() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF: continue  // whitespace and a byte order mark
            // Any JSON value: an object may be an edition; the decoder says what else it is.
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                return .json
            case UInt8(ascii: "<"): return isWebPage(data.dropFirst(offset).prefix(prologLimit)) ? .html : .xml
            default: return .unknown
            }
        }
        return .unknown
    }

    /// A web page (an error page, a captive portal, a site's home page) rather than a feed:
    /// a root element that only HTML has, or an HTML (or XHTML) DOCTYPE before a root that is
    /// not a feed's (feeds written by XHTML templates keep the template's DOCTYPE).
    static func isWebPage(_ head: Data) -> Bool {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        var rest = Substring(text)
        var htmlDoctype = false
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            if rest.hasPrefix("<!doctype") {
                htmlDoctype = rest.dropFirst(9).drop(while: \.isWhitespace).hasPrefix("html")
                guard let close = rest.firstIndex(of: ">") else { return htmlDoctype }
                rest = rest[rest.index(after: close)...]
                continue
            }
            if rest.hasPrefix("<!--") {
                guard let close = rest.firstRange(of: "-->") else { return false }
                rest = rest[close.upperBound...]
                continue
            }
            if rest.hasPrefix("<?") {
                guard let close = rest.firstRange(of: "?>") else { return false }
                rest = rest[close.upperBound...]
                continue
            }
            let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == ":" }
            if feedRoots.contains(String(name)) { return false }
            return htmlDoctype || htmlRoots.contains(String(name))
        }
        return htmlDoctype
    }

    private static let feedRoots: Set<String> = ["rss", "feed", "rdf:rdf"]

    private static let htmlRoots: Set<String> = ["html", "head", "body", "meta", "title", "link", "script", "style", "div", "p"]

    /// Decodes a document; `contentType` (the HTTP header) is used only for a feed's charset
    /// when its bytes are not UTF-8 and its XML declaration names none.
    public static func decode(_ data: Data, baseURL: URL?, contentType: String? = nil) throws(NewsError) -> Edition {
        switch sniff(data) {
        case .json:
            // JSON in UTF-16 or UTF-32 (RFC 4627 allowed them) is read as UTF-8 first.
            let text = EncodingSignature(data).isASCIICompatible ? data : try FeedEncoding.utf8(data, contentType: contentType)
            switch try NewsAPIDecoder.read(text, baseURL: baseURL) {
            case .edition(let edition): return edition
            case .jsonFeed: return try JSONFeedDecoder.decode(try NewsAPIDecoder.parse(text), baseURL: baseURL)
            }
        case .xml:
            return try XMLFeedDecoder.decode(data, baseURL: baseURL, contentType: contentType)
        case .html:
            let page = try FeedEncoding.utf8(data, contentType: contentType, isHTML: true)
            guard let feed = FeedDiscovery.feedURLs(in: page, baseURL: baseURL).first else {
                throw .invalidDocument(FeedDiscovery.noFeedReason)
            }
            throw .invalidDocument("it is a web page; the feed it names is \(Sanitizer.clean(feed.absoluteString))")
        case .unknown:
            throw .invalidDocument(data.isEmpty ? "it is empty" : "it is not a feed or a news document (neither XML nor JSON)")
        }
    }
}
