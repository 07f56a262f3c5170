import FoundationEssentials

/// Finds the feeds a web page names in its `<link rel="alternate" type="application/rss+xml"
/// href="...">` tags (also Atom and JSON Feed types, 1.0's and 1.1's), in the page's order, resolved against the
/// page's `<base href>` when it has one, else its own URL. Only http(s) feeds are returned: a
/// page must not point Headlines at a local file.
public enum FeedDiscovery {
    /// The reason given when a web page names no feed.
    public static let noFeedReason = "it is a web page with no feed link"

    /// `application/json` is what JSON Feed 1.0 told pages to use (1.1 moved to `feed+json`).
    static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json"]

    public static func feedURLs(in page: Data, baseURL: URL?) -> [URL] {
        page.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var base = baseURL
            var found: [URL] = []
            HTMLScanner.forEachTag(in: bytes) { tag in
                guard !tag.isClosing else { return true }
                switch tag.name {
                case "base":
                    if let href = HTMLScanner.attribute("href", of: tag, in: bytes),
                        let url = URLPolicy.articleURL(href, relativeTo: baseURL)
                    {
                        base = url
                    }
                case "link":
                    if let url = feedURL(tag, in: bytes, base: base), !found.contains(url) { found.append(url) }
                default:
                    break
                }
                return true
            }
            return found
        }
    }

    private static func feedURL(_ tag: HTMLScanner.Tag, in bytes: UnsafeBufferPointer<UInt8>, base: URL?) -> URL? {
        guard let rel = HTMLScanner.attribute("rel", of: tag, in: bytes),
            rel.lowercased().split(whereSeparator: \.isWhitespace).contains("alternate"),
            let type = HTMLScanner.attribute("type", of: tag, in: bytes),
            let mediaType = type.split(separator: ";").first?.trimmingSpaces().lowercased(),
            feedTypes.contains(mediaType),
            let href = HTMLScanner.attribute("href", of: tag, in: bytes)
        else { return nil }
        return URLPolicy.articleURL(href.trimmed(), relativeTo: base)
    }
}
