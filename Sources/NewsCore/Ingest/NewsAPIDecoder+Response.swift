import FoundationEssentials

extension NewsAPIDecoder {
    /// A response's members as they are read: where a name is repeated, the last one counts,
    /// as it would in a dictionary built from the document.
    struct Response {
        var articles: [Article]?
        var skipped = 0
        var status: String?
        var code: String?
        var message: String?
        var totalResults: Int?
        /// What the document is when it is not an object ("a list", "a number").
        var otherRoot: String?
        /// Its `version` names JSON Feed: reading stopped there.
        var isJSONFeed = false

        // Depths as `JSONParser.parse` counts them: the root object is 1, its members' values
        // are read at 1, the list of articles is 2, an article 3, its source 4.
        init(reading parser: inout JSONParser, baseURL: URL?) throws(JSONParser.SyntaxError) {
            guard try parser.enterObject(depth: 1) else {
                otherRoot = try parser.parseValue(depth: 0).kindDescription
                try parser.finish()
                return
            }
            var first = true
            while let name = try parser.nextMember(first: &first) {
                switch name {
                case "articles": try readArticles(&parser, baseURL: baseURL)
                case "status": status = try parser.stringValue(depth: 1)
                case "code": code = try parser.parseValue(depth: 1).text
                case "message": message = try parser.stringValue(depth: 1)
                case "totalResults": totalResults = try parser.parseValue(depth: 1).int
                case "version":
                    if let version = try parser.stringValue(depth: 1), JSONFeedDecoder.isJSONFeedVersion(version) {
                        isJSONFeed = true
                        return
                    }
                default: try parser.skipValue(depth: 1)
                }
            }
            try parser.finish()
        }

        /// The list of articles: each entry that makes a usable article, once a link, in order;
        /// every other entry counted as skipped. Anything else where the list belongs means none.
        private mutating func readArticles(_ parser: inout JSONParser, baseURL: URL?) throws(JSONParser.SyntaxError) {
            skipped = 0
            guard try parser.enterArray(depth: 2) else {
                try parser.skipValue(depth: 1)
                articles = nil
                return
            }
            var kept: [Article] = []
            // Links by their text: an article's link is absolute (resolved against the base), so
            // equal texts are equal links, and hashing a string costs a fraction of hashing a URL.
            var seen = Set<String>()
            var first = true
            while try parser.nextElement(first: &first) {
                if let article = try ArticleFields(reading: &parser)?.article(baseURL: baseURL),
                    let link = article.url, seen.insert(link.absoluteString).inserted
                {
                    kept.append(article)
                } else {
                    skipped += 1
                }
            }
            articles = kept
        }
    }

    /// The members of one article that make it, as strings; any of another type is nil.
    struct ArticleFields {
        var url: String?, title: String?, author: String?, description: String?
        var image: String?, published: String?, content: String?, sourceName: String?

        /// The article that comes next, or nil, with the value read, when it is not an object.
        init?(reading parser: inout JSONParser) throws(JSONParser.SyntaxError) {
            guard try parser.enterObject(depth: 3) else {
                try parser.skipValue(depth: 2)
                return nil
            }
            var first = true
            while let name = try parser.nextMember(first: &first) {
                switch name {
                case "url": url = try parser.stringValue(depth: 3)
                case "title": title = try parser.stringValue(depth: 3)
                case "source": sourceName = try Self.sourceName(&parser)
                case "author": author = try parser.stringValue(depth: 3)
                case "description": description = try parser.stringValue(depth: 3)
                case "urlToImage": image = try parser.stringValue(depth: 3)
                case "publishedAt": published = try parser.stringValue(depth: 3)
                case "content": content = try parser.stringValue(depth: 3)
                default: try parser.skipValue(depth: 3)
                }
            }
        }

        /// `{"id":..,"name":"BBC News"}`'s name, or a bare name, as some proxies send.
        private static func sourceName(_ parser: inout JSONParser) throws(JSONParser.SyntaxError) -> String? {
            guard try parser.enterObject(depth: 4) else { return try parser.stringValue(depth: 3) }
            var name: String?
            var first = true
            while let member = try parser.nextMember(first: &first) {
                if member == "name" { name = try parser.stringValue(depth: 4) } else { try parser.skipValue(depth: 4) }
            }
            return name
        }

        /// The article, or nil when it cannot be used (no usable URL, a `[Removed]` placeholder):
        /// its members made a `RawItem` and normalised as a feed's item is (texts read as plain
        /// text, the date in any form a feed's may take, links resolved against `baseURL` and
        /// checked, `urlToImage` the picture, and a made title when it has none).
        func article(baseURL: URL?) -> Article? {
            guard let url, url != "https://removed.com" else { return nil }  // the placeholder; no need to parse it
            var item = RawItem()
            item.offerLink(RawLink(text: url, base: baseURL), rank: 0)
            if let title { item.offerTitle(RawText(text: title, isHTML: false), rank: 0) }
            if let description { item.offerSummary(RawText(text: description, isHTML: false), rank: 0) }
            if let author { item.offerAuthor(author, rank: 0) }
            if let image { item.offerImage(RawLink(text: image, base: baseURL), rank: 0) }
            if let published { item.offerDate(published, rank: 0) }
            item.extract = content
            guard let article = ItemNormaliser(sourceName: sourceName).article(from: item), let link = article.url,
                article.title != "[Removed]", link.absoluteString != "https://removed.com"
            else { return nil }
            return article
        }
    }
}
