import Foundation

/// Which URLs from a document may be kept. Only web links are opened in a browser;
/// local image paths are allowed only for documents that are themselves local.
public enum URLPolicy {
    /// An article link: absolute http(s), or relative to an http(s) document.
    public static func articleURL(_ text: String?, relativeTo base: URL?) -> URL? {
        guard let url = resolve(text, relativeTo: base), isWeb(url) else { return nil }
        return url
    }

    /// An image link: http(s) always; a file URL only when the document itself was a local file.
    public static func imageURL(_ text: String?, relativeTo base: URL?) -> URL? {
        guard let url = resolve(text, relativeTo: base) else { return nil }
        if isWeb(url) { return url }
        if url.isFileURL, base?.isFileURL == true { return url.standardizedFileURL }
        return nil
    }

    static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false
    }

    private static func resolve(_ text: String?, relativeTo base: URL?) -> URL? {
        guard let text, !text.isEmpty, text.utf8.count <= TextLimits.url else { return nil }
        if let url = URL(string: text, relativeTo: base) { return url.absoluteURL }
        // Some feeds put raw spaces or non-ASCII in links; percent-encode and try once more.
        guard let encoded = text.addingPercentEncoding(withAllowedCharacters: .urlAllowed) else { return nil }
        return URL(string: encoded, relativeTo: base)?.absoluteURL
    }
}

extension CharacterSet {
    /// Every character that may stand unescaped somewhere in a URL, plus the percent sign.
    static let urlAllowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.formUnion(.urlPathAllowed)
        set.formUnion(.urlFragmentAllowed)
        set.insert(charactersIn: "%#")
        return set
    }()
}
