import FoundationEssentials

/// Decodes NewsAPI responses (`/v2/top-headlines`, `/v2/everything`) and documents of the
/// same shape. Lossy on purpose: each article is decoded on its own and a bad one is
/// counted and skipped, never allowed to lose the rest.
public enum NewsAPIDecoder {
    /// NewsAPI's error body: `{"status":"error","code":"apiKeyInvalid","message":"..."}`.
    /// Codes stay strings: NewsAPI adds new ones.
    public struct ErrorBody: Sendable, Equatable {
        public var code: String?
        public var message: String?
    }

    public static func decode(_ data: Data, baseURL: URL? = nil) throws(NewsError) -> Edition {
        try decode(try parse(data), baseURL: baseURL)
    }

    /// The JSON of a document, or why it is not a document: valid JSON nested past the parser's
    /// depth is named as such, never called invalid.
    static func parse(_ data: Data) throws(NewsError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            if error.reason == JSONParser.tooDeep {
                throw .invalidDocument("it is not a news document (its JSON is nested more than \(JSONParser.maximumDepth) levels deep)")
            }
            throw .invalidDocument("it is not valid JSON (\(error.reason) at byte \(error.offset))")
        }
    }

    public static func decode(_ root: JSONValue, baseURL: URL? = nil) throws(NewsError) -> Edition {
        guard case .object(let members) = root else {
            throw .invalidDocument("it is not a news document (its JSON is \(root.kindDescription), not an object with a list of articles)")
        }
        if members["status"]?.string == "error" {
            let body = errorBody(root)
            throw .api(code: body?.code, message: body?.message)
        }
        guard let entries = members["articles"]?.array else {
            throw .invalidDocument("it is not a news document (its JSON object has no list of articles)")
        }
        var articles: [Article] = []
        articles.reserveCapacity(entries.count)
        var skipped = 0
        var seen = Set<URL?>(minimumCapacity: entries.count)
        for entry in entries {
            if let article = article(from: entry, baseURL: baseURL), seen.insert(article.url).inserted {
                articles.append(article)
            } else {
                skipped += 1
            }
        }
        return Edition(articles: articles, skipped: skipped, totalResults: members["totalResults"]?.int)
    }

    /// The error form, when `data` is one; nil otherwise. Used for HTTP error responses.
    public static func errorBody(_ data: Data) -> ErrorBody? {
        guard let root = try? JSONParser.parse(data) else { return nil }  // not JSON: no NewsAPI detail to add
        return errorBody(root)
    }

    static func errorBody(_ root: JSONValue) -> ErrorBody? {
        guard root["status"]?.string == "error" else { return nil }
        return ErrorBody(
            code: Sanitizer.cleanOptional(root["code"]?.text, maxLength: TextLimits.name),
            message: Sanitizer.cleanOptional(root["message"]?.string, maxLength: TextLimits.description)
        )
    }

    /// One article, or nil when it cannot be used (no usable URL, a `[Removed]` placeholder):
    /// its members made a `RawItem` and normalised as a feed's item is (texts read as plain text,
    /// the date in any form a feed's may take, links resolved against `baseURL` and checked,
    /// `urlToImage` the picture, and a made title when it has none).
    static func article(from entry: JSONValue, baseURL: URL?) -> Article? {
        guard case .object(let fields) = entry else { return nil }
        // One pass over the members rather than a hashed lookup per field: comparing short keys
        // is cheaper than hashing them, and an article has about eight members. A repeated
        // member counts with its last value.
        var urlText: String?, titleText: String?, source: JSONValue?, authorText: String?
        var descriptionText: String?, imageText: String?, publishedText: String?, contentText: String?
        for (key, value) in fields {
            switch key {
            case "url": urlText = value.string
            case "title": titleText = value.string
            case "source": source = value
            case "author": authorText = value.string
            case "description": descriptionText = value.string
            case "urlToImage": imageText = value.string
            case "publishedAt": publishedText = value.string
            case "content": contentText = value.string
            default: continue
            }
        }
        guard let urlText, urlText != "https://removed.com" else { return nil }  // the placeholder; no need to parse it
        var item = RawItem()
        item.offerLink(RawLink(text: urlText, base: baseURL), rank: 0)
        if let titleText { item.offerTitle(RawText(text: titleText, isHTML: false), rank: 0) }
        if let descriptionText { item.offerSummary(RawText(text: descriptionText, isHTML: false), rank: 0) }
        if let authorText { item.offerAuthor(authorText, rank: 0) }
        if let imageText { item.offerImage(RawLink(text: imageText, base: baseURL), rank: 0) }
        if let publishedText { item.offerDate(publishedText, rank: 0) }
        item.extract = contentText
        var sourceName = source?["name"]?.string
        if sourceName == nil { sourceName = source?.string }  // a bare name, as some proxies send
        guard let article = ItemNormaliser(sourceName: sourceName).article(from: item), let url = article.url,
            article.title != "[Removed]", url.absoluteString != "https://removed.com"
        else { return nil }
        return article
    }
}
