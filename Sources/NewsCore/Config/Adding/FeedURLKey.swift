import FoundationEssentials

/// A feed URL in the form two URLs are compared in: scheme and host in lower case, no default
/// port, no fragment, an empty path as `/`. Everything else (path case, query) can matter.
enum FeedURLKey {
    static func key(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        if let host = components.host { components.host = host.lowercased() }
        if (components.scheme == "http" && components.port == 80) || (components.scheme == "https" && components.port == 443) {
            components.port = nil
        }
        components.fragment = nil
        if components.path.isEmpty, components.host != nil { components.path = "/" }
        return components.string ?? url.absoluteString
    }
}
