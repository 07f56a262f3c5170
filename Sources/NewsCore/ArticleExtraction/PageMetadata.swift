import FoundationEssentials

/// What a page says of itself, apart from its body: from `<meta>` tags (Open Graph, Twitter,
/// Dublin Core, `article:`), JSON-LD (schema.org's `NewsArticle` and kin, in `@graph`s and lists),
/// `<link rel=canonical>`, and its `<title>`. Each field is the first of its sources that has it,
/// in the order the fields' comments give; everything is sanitised and capped.
struct PageMetadata {
    var title: String?
    var byline: String?
    var published: Date?
    var imageURL: URL?
    var siteName: String?
    var canonicalURL: URL?
    var language: String?
    /// `og:type` or JSON-LD's `@type` of the main item, lowercased (`article`, `video.other`, `newsarticle`).
    var types: [String] = []
    /// JSON-LD's `articleBody`, when the page gives the text itself (a hint for choosing the body).
    var articleBody: String?
    /// JSON-LD says the article is not free to read (`isAccessibleForFree: false`).
    var isPaywalled = false

    /// What the tree builder hands over as it reads.
    struct Collector {
        var title: String?
        var language: String?
        /// `<meta>` values by their `property`, `name` or `itemprop`, lowercased; the first of each wins.
        var meta: [String: String] = [:]
        var canonical: String?
        var base: String?
        var linkedData: [[UInt8]] = []

        mutating func tag(_ name: String, _ attributes: [(name: String, value: String)]) {
            func value(_ key: String) -> String? { attributes.first { $0.name == key }?.value }
            switch name {
            case "meta":
                guard let content = value("content") else { return }
                for key in ["property", "name", "itemprop"] {
                    if let label = value(key)?.lowercased(), meta[label] == nil, meta.count < 500 { meta[label] = content }
                }
            case "link":
                let rel = value("rel")?.lowercased() ?? ""
                if canonical == nil, rel.split(separator: " ").contains("canonical") { canonical = value("href") }
            default:  // base
                if base == nil { base = value("href") }
            }
        }
    }

    init(_ collected: Collector, pageURL: URL) {
        let meta = collected.meta
        let base = collected.base.flatMap { URLPolicy.articleURL($0, relativeTo: pageURL) } ?? pageURL
        let items = LinkedData.items(collected.linkedData)
        let article = items.first { LinkedData.isArticle($0) }
        func firstMeta(_ keys: String...) -> String? {
            keys.lazy.compactMap { meta[$0] }.first { !$0.trimmed().isEmpty }
        }

        title = Self.clean(
            firstMeta("og:title", "twitter:title") ?? article?["headline"]?.string ?? firstMeta("title", "dc.title")
                ?? collected.title, limit: TextLimits.title)
        byline = Self.clean(
            article.flatMap { LinkedData.names($0["author"]) }
                ?? firstMeta("author", "article:author", "byl", "dc.creator", "parsely-author", "sailthru.author")
                .flatMap { $0.contains("://") ? nil : $0 }, limit: TextLimits.name)
        published =
            (article?["datePublished"]?.string
            ?? firstMeta(
                "article:published_time", "og:published_time", "datepublished", "date", "pubdate", "publishdate", "dc.date.issued",
                "dc.date", "dcterms.created", "sailthru.date", "parsely-pub-date", "article.published", "published_time"))
            .flatMap(FeedDate.parse)
        imageURL =
            (firstMeta("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
            ?? article.flatMap { LinkedData.url($0["image"]) })
            .flatMap { URLPolicy.articleURL($0.trimmed(), relativeTo: base) }
            .flatMap { TrackerPictures.isTracker($0) ? nil : $0 }
        siteName = Self.clean(firstMeta("og:site_name", "application-name") ?? article?["publisher"]?["name"]?.string, limit: TextLimits.name)
        canonicalURL = collected.canonical.flatMap { URLPolicy.articleURL($0.trimmed(), relativeTo: base) }
        language = Self.clean(collected.language, limit: 35)
        types = ([firstMeta("og:type")] + items.prefix(8).map { LinkedData.types($0).first }).compactMap { $0?.lowercased() }
        articleBody = article?["articleBody"]?.string.flatMap { $0.utf8.count >= 200 ? $0 : nil }
        isPaywalled = article.map(LinkedData.isPaywalled) ?? false
    }

    private static func clean(_ text: String?, limit: Int) -> String? {
        guard let text else { return nil }
        // Titles and names sometimes come with markup or references left in them.
        let flat = text.utf8.contains(UInt8(ascii: "<")) || text.utf8.contains(UInt8(ascii: "&")) ? HTMLInline.plainText(text) : text
        return Sanitizer.cleanOptional(flat, maxLength: limit)
    }
}
