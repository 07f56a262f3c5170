import FoundationEssentials

/// Reads a source's `url = ...`: an http(s) URL, a file URL, or a path; nothing else.
enum ConfigLocation {
    static func parse(_ text: String, paths: ConfigPathResolver) throws(LineError) -> URL {
        guard text.utf8.count <= TextLimits.url else { throw LineError("the URL is longer than \(TextLimits.url) bytes") }
        try refuseControls(text)
        if ConfigPathResolver.looksLikePath(text) { return try paths.resolve(text) }
        guard let scheme = scheme(of: text) else {
            throw LineError(
                "\(ConfigText.quoted(text)) is neither a URL nor a path: write https://\(Sanitizer.clean(text, maxLength: 80)) "
                    + "for a web address, or ./\(Sanitizer.clean(text, maxLength: 80)) for a file beside the config"
            )
        }
        switch scheme {
        case "http", "https":
            guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
                throw LineError("\(ConfigText.quoted(text)) is not a valid \(scheme) URL")
            }
            return url
        case "file":
            guard let url = URL(string: text), url.isFileURL, !url.path.isEmpty,
                url.host == nil || url.host == "" || url.host == "localhost"
            else { throw LineError("\(ConfigText.quoted(text)) is not a valid file URL") }
            return url.standardizedFileURL
        default:
            throw LineError("unsupported URL scheme \(ConfigText.quoted(scheme)): use http, https, file or a path")
        }
    }

    /// An http(s) URL with a host, for settings that only take web addresses.
    static func webURL(_ text: String) throws(LineError) -> URL {
        guard text.utf8.count <= TextLimits.url else { throw LineError("the URL is longer than \(TextLimits.url) bytes") }
        try refuseControls(text)
        guard let scheme = scheme(of: text), scheme == "http" || scheme == "https",
            let url = URL(string: text), let host = url.host, !host.isEmpty
        else { throw LineError("\(ConfigText.quoted(text)) is not an http or https URL") }
        return url
    }

    /// Foundation accepts a tab or newline inside a URL on Linux; a person never means one.
    private static func refuseControls(_ text: String) throws(LineError) {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw LineError("\(ConfigText.quoted(text)) is not a valid URL: it holds a control character")
        }
    }

    /// The scheme in lower case when `text` starts with one (RFC 3986: a letter, then letters,
    /// digits, `+`, `-` or `.`, then `:`). Two letters at least, so that nothing like `C:` counts.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard candidate.count >= 2, let first = candidate.first, first.isASCII, first.isLetter,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return candidate.lowercased()
    }
}
