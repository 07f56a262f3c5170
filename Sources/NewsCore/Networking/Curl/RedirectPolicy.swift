import FoundationEssentials

/// How we follow a redirect, since libcurl is told not to: only to http and https, at most
/// `maxHops` times, 301/302/303 as a GET, and without the sensitive headers once the chain has
/// left the origin (a key meant for one server never reaches another).
enum RedirectPolicy {
    static let maxHops = 10
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The hop after `hop`, which answered `status` with `location` (as the server wrote it).
    /// - Throws: `NewsError.redirectRefused` naming `hop`'s URL and the location as written.
    static func next(
        after hop: HopRequest, status: Int, location: String, origin: URL, sensitiveHeaders: Set<String>
    ) throws(NewsError) -> HopRequest {
        guard let target = resolve(location, against: hop.url), URLPolicy.isWeb(target) else {
            throw .redirectRefused(
                from: Sanitizer.clean(hop.url.absoluteString, maxLength: 200),
                to: location.isEmpty ? "an empty location" : Sanitizer.clean(location, maxLength: 200))
        }
        var next = hop
        next.url = target
        if (301...303).contains(status), hop.method != "HEAD" {
            next.method = "GET"
            next.body = nil
        }
        if !sameOrigin(target, origin) {
            next.headers.removeAll { sensitiveHeaders.contains($0.name.lowercased()) }
            next.body = nil  // it may hold a password meant for the first server only
        }
        return next
    }

    /// The location made absolute against the URL that sent it. Some servers write raw spaces
    /// or non-ASCII: they are escaped, and the location's own escapes kept.
    static func resolve(_ location: String, against base: URL) -> URL? {
        URLPolicy.parseLink(location, relativeTo: base)?.absoluteURL
    }

    /// Same scheme, host and port (the port a scheme implies counts as written).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
