import FoundationEssentials

/// Which URLs from a document may be kept. Only web links are opened in a browser;
/// local image paths are allowed only for documents that are themselves local.
public enum URLPolicy {
    /// An article link: absolute http(s), or relative to an http(s) document.
    public static func articleURL(_ text: String?, relativeTo base: URL?) -> URL? {
        guard let url = resolve(text, relativeTo: base), isWebText(text) || isWeb(url) else { return nil }
        return url
    }

    /// An image link: http(s) always; a file URL only when the document itself was a local file.
    public static func imageURL(_ text: String?, relativeTo base: URL?) -> URL? {
        guard let url = resolve(text, relativeTo: base) else { return nil }
        if isWebText(text) || isWeb(url) { return url }
        if url.isFileURL, base?.isFileURL == true { return url.standardizedFileURL }
        return nil
    }

    static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false
    }

    /// True when `text` is plainly an absolute http(s) link with a host: `http://` or `https://`
    /// (any case), then an authority that starts with a letter or digit and has no user part.
    /// False means "not sure": the parsed URL is asked then. Asking `URL` for its scheme and host
    /// costs more than parsing it, and nearly every link in a feed passes this test.
    static func isWebText(_ text: String?) -> Bool {
        guard var text else { return false }
        return text.withUTF8 { bytes in
            func lower(_ byte: UInt8) -> UInt8 { byte | 0x20 }
            guard bytes.count > 8, lower(bytes[0]) == UInt8(ascii: "h"), lower(bytes[1]) == UInt8(ascii: "t"),
                lower(bytes[2]) == UInt8(ascii: "t"), lower(bytes[3]) == UInt8(ascii: "p")
            else { return false }
            var index = 4
            if lower(bytes[index]) == UInt8(ascii: "s") { index += 1 }
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/"), index + 3 < bytes.count
            else { return false }
            index += 3
            let first = bytes[index]
            guard (0x30...0x39).contains(first) || (0x61...0x7A).contains(lower(first)) else { return false }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
                case UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "\\"): return false
                default: index += 1
                }
            }
            return true
        }
    }

    private static func resolve(_ text: String?, relativeTo base: URL?) -> URL? {
        guard let text, !text.isEmpty, text.utf8.count <= TextLimits.url else { return nil }
        guard let url = parseLink(text, relativeTo: base) else { return nil }
        return base == nil ? url : url.absoluteURL
    }

    /// `text` as a URL, repaired when a feed or server wrote raw spaces, brackets or non-ASCII
    /// in it. `URL(string:)` would repair such a link itself, but by escaping every `%` too
    /// (`caf%C3%A9 menu` became `caf%25C3%25A9%20menu`), so it is asked only about text that is
    /// valid as written, and the repair, which keeps the link's own escapes, is ours.
    public static func parseLink(_ text: String, relativeTo base: URL? = nil) -> URL? {
        // Nearly every link is valid as written, and then parsed once (a repaired one reads differently).
        if let url = URL(string: text, relativeTo: base), url.relativeString == text { return url }
        let repaired = PercentEncoding.repairLink(text)
        guard URL(string: repaired, encodingInvalidCharacters: false) != nil else { return nil }
        return URL(string: repaired, relativeTo: base)
    }
}
