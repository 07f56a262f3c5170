/// The XML vocabularies a feed's elements come from. RSS 0.9x/2.0 elements have no namespace;
/// RSS 1.0 and 0.90 put theirs in one, and they mean the same: both are `.rss`.
enum XMLNamespace: Equatable {
    case rss, atom, rdf, content, dublinCore, media, itunes, xhtml, other

    /// From the namespace URI of an element.
    init(uri: String) {
        switch uri {
        case "": self = .rss
        case "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/", "http://purl.org/net/rss1.1#",
            // RSS 2.0 as UserLand and Harvard once namespaced it (as feedparser reads them).
            "http://backend.userland.com/rss", "http://backend.userland.com/rss2", "http://backend.userland.com/rss2.1",
            "http://blogs.law.harvard.edu/tech/rss", "http://purl.org/rss/1.0/modules/rss091#":
            self = .rss
        case "http://www.w3.org/2005/Atom", "http://purl.org/atom/ns#",
            // Atom's 2003 drafts, when it was still called Echo, then Pie.
            "http://purl.org/echo/", "http://purl.org/pie/", "http://example.com/newformat#", "http://example.com/necho",
            "uri/of/echo/namespace#":
            self = .atom
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": self = .rdf
        case "http://purl.org/rss/1.0/modules/content/": self = .content
        case "http://purl.org/dc/elements/1.1/", "http://purl.org/dc/terms/": self = .dublinCore
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": self = .media
        // Apple's own pages have long spelled it both ways.
        case "http://www.itunes.com/dtds/podcast-1.0.dtd", "https://www.itunes.com/dtds/podcast-1.0.dtd",
            "http://www.itunes.com/DTDs/Podcast-1.0.dtd":
            self = .itunes
        case "http://www.w3.org/1999/xhtml": self = .xhtml
        default: self = .other
        }
    }

    /// For an element with no namespace URI: none (RSS), or an undeclared prefix, a common
    /// mistake (`media:content` with no `xmlns:media`), known by its usual meaning.
    init(undeclaredPrefix prefix: String?) {
        guard let prefix else {
            self = .rss
            return
        }
        switch prefix {
        case "atom": self = .atom
        case "rdf": self = .rdf
        case "content": self = .content
        case "dc", "dcterms": self = .dublinCore
        case "media": self = .media
        case "itunes": self = .itunes
        case "xhtml": self = .xhtml
        default: self = .other
        }
    }
}
