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
        for word in words(names) {
            if matches(word, boilerplateWords) { return .boilerplate }
            if matches(word, unlikelyWords) { unlikely = true } else if matches(word, contentWords) { content = true }
        }
        if unlikely { return content ? .neutral : .unlikely }
        return content ? .content : .neutral
    }

    /// Whether the names say comments (which may be longer than the article they follow).
    static func saysComments(_ names: String) -> Bool {
        words(names).contains { $0.hasPrefix("comment") || $0.hasPrefix("disqus") || $0.hasPrefix("replies") }
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
    static func words(_ names: String) -> [Substring] {
        var words: [Substring] = []
        var lowered = ""
        lowered.reserveCapacity(names.utf8.count + 8)
        var previousWasLower = false
        for scalar in names.unicodeScalars {
            let value = scalar.value
            let isUpper = value >= 0x41 && value <= 0x5A
            let isLower = (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39)
            if isUpper {
                if previousWasLower { lowered.append(" ") }
                lowered.unicodeScalars.append(Unicode.Scalar(value | 0x20)!)
            } else if isLower {
                lowered.unicodeScalars.append(scalar)
            } else {
                lowered.append(" ")
            }
            previousWasLower = isLower
        }
        for word in lowered.split(separator: " ") where words.count < 64 { words.append(word) }
        return words
    }

    private static func matches(_ word: Substring, _ list: [String]) -> Bool {
        for entry in list {
            if entry.hasSuffix("$") {
                if word == entry.dropLast() { return true }
            } else if word.hasPrefix(entry) {
                return true
            }
        }
        return false
    }

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
        "detail", "richtext", "markdown", "single",
    ]
}
