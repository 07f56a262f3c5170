/// What an element's `class` and `id` say it holds. Names are cut into words (`article-body`,
/// `articleBody`, `article_body` are all `article`, `body`) and each word compared with the lists
/// below, by prefix, so that `comments`, `commentlist` and `comment-form` all read as comments.
/// Word by word rather than by substring: `shadow` holds `ad`, `header` holds `head`, and a
/// substring test (as Readability's) drops them.
enum BoilerplateNames {
    /// What the names say, strongest first.
    enum Verdict: Equatable {
        /// Never article text, whatever else the names say: comments, share bars, related links, ads.
        case boilerplate
        /// Probably not article text (a sidebar, a footer), unless the names also say content.
        case unlikely
        /// Article text (`article-body`, `entry-content`, `story`).
        case content
        case neutral
    }

    static func verdict(_ names: String) -> Verdict {
        guard !names.isEmpty else { return .neutral }
        var unlikely = false, content = false
        let words = Words(names)
        for word in words.ranges {
            if words.matches(word, boilerplateTable) { return .boilerplate }
            if words.matches(word, unlikelyTable) { unlikely = true } else if words.matches(word, contentTable) { content = true }
        }
        if unlikely { return content ? .neutral : .unlikely }
        return content ? .content : .neutral
    }

    /// Whether the names say comments (which may be longer than the article they follow).
    static func saysComments(_ names: String) -> Bool {
        let words = Words(names)
        return words.ranges.contains { words.matches($0, commentsTable) }
    }

    /// Readability's class weight: names that say content +25, names that say otherwise -25.
    static func weight(_ names: String) -> Int {
        switch verdict(names) {
        case .boilerplate, .unlikely: -25
        case .content: 25
        case .neutral: 0
        }
    }

    /// Lowercased words, cut at anything but a letter or digit and before an upper-case letter that follows a lower-case one.
    static func words(_ names: String) -> [String] {
        let words = Words(names)
        return words.ranges.map { String(decoding: words.bytes[$0], as: UTF8.self) }
    }

    /// A name's words as ASCII bytes, lowercased (names are read for every element of a page:
    /// bytes, not `String`s, keep that cheap).
    private struct Words {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []

        init(_ names: String) {
            bytes.reserveCapacity(names.utf8.count)
            var start = 0, previousWasLower = false
            func cut() {
                if bytes.count > start, ranges.count < 64 { ranges.append(start..<bytes.count) }
                start = bytes.count
            }
            for byte in names.utf8 {
                let isUpper = byte >= 0x41 && byte <= 0x5A
                let isLower = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                if isUpper {
                    if previousWasLower { cut() }
                    bytes.append(byte | 0x20)
                } else if isLower {
                    bytes.append(byte)
                } else {
                    cut()
                }
                previousWasLower = isLower
            }
            cut()
        }

        /// Whether the word starts with an entry of the table (or is one, for an entry that must match whole).
        func matches(_ word: Range<Int>, _ table: Table) -> Bool {
            for entry in table.byFirstByte[Int(bytes[word.lowerBound])] {
                if entry.whole ? word.count != entry.bytes.count : word.count < entry.bytes.count { continue }
                var same = true
                for offset in 1..<entry.bytes.count where bytes[word.lowerBound + offset] != entry.bytes[offset] {
                    same = false
                    break
                }
                if same { return true }
            }
            return false
        }
    }

    /// A list of words, each under its first byte.
    private struct Table: Sendable {
        struct Entry: Sendable {
            var bytes: [UInt8]
            /// Ends in `$` in the list: the word must be this, not start with it.
            var whole: Bool
        }
        var byFirstByte = [[Entry]](repeating: [], count: 256)

        init(_ list: [String]) {
            for word in list {
                let whole = word.hasSuffix("$")
                let bytes = Array((whole ? word.dropLast() : Substring(word)).utf8)
                byFirstByte[Int(bytes[0])].append(Entry(bytes: bytes, whole: whole))
            }
        }
    }

    private static let boilerplateTable = Table(boilerplateWords)
    private static let unlikelyTable = Table(unlikelyWords)
    private static let contentTable = Table(contentWords)
    private static let commentsTable = Table(["comment", "disqus", "replies"])

    /// Words that are never the article, as prefixes (`$` ends a word that must match whole).
    static let boilerplateWords: [String] = [
        "comment", "disqus", "share", "sharing", "social", "related", "newsletter", "advert", "ad$", "ads$", "adv$",
        "adslot", "adunit", "adwrap", "adbox", "adsense", "gpt$", "dfp$", "cookie", "gdpr", "consent", "sponsor", "outbrain",
        "taboola", "recommend", "breadcrumb", "pagination", "pager$", "skyscraper", "popup$", "shoutbox", "tagcloud",
        "subscribe", "subscription", "signup", "paywall", "upsell", "donate", "survey", "reaction", "replies", "sr$",
        "visually", "offscreen", "screenreader", "promo", "headerlink", "anchorjs",
    ]
    /// Words that are probably not the article unless others say content.
    static let unlikelyWords: [String] = [
        "sidebar", "widget", "modal$", "banner", "masthead", "overlay", "trending", "popular", "tags$", "follow$", "print$", "toolbar",
        "byline", "dateline", "author$", "bio$", "login", "register", "nav$", "navbar", "navigation", "menu", "footer",
        "header$", "topbar", "jump$", "skip$", "readmore", "more$", "next$", "prev$", "previous$", "rating", "reply",
        "feedback", "credit", "aside", "extra", "supplement", "meta$", "foot", "contact", "legend", "rss", "remark",
        "community", "agegate", "combx", "yom", "teaser", "tool", "utility", "secondary", "complementary", "rail",
        "headline", "hero$", "cta$", "button", "icon", "logo", "brand", "search", "player", "video", "gallery",
        "slideshow", "carousel", "slider", "thumb", "embed",
    ]
    /// Words that say article text.
    static let contentWords: [String] = [
        "article", "body", "content", "entry", "hentry", "main", "post", "story", "text", "blog", "prose", "page$", "copy$",
        "detail", "richtext", "markdown", "single", "recipe", "ingredient",
    ]
}
