import FoundationEssentials

/// What a feed document says, format aside, before it becomes an `Edition`: texts as found
/// (not yet sanitised), links not yet resolved. The XML reader and the JSON Feed reader fill
/// it; `ItemNormaliser` turns it into articles the same way for every format.
struct RawFeed {
    /// Items read from one document at most: a 32 MiB feed of tiny items would otherwise cost
    /// hundreds of megabytes as articles. No real feed comes near it.
    static let maximumItems = 100_000

    var title: RawText?
    var siteLink: RawLink?
    /// The feed's author, for entries that name none (Atom and JSON Feed inherit it).
    var author: String?
    var items: [RawItem] = []
}

/// A text and whether it is HTML (RSS titles and descriptions, Atom `type="html"`/`"xhtml"`)
/// or plain text (Atom `type="text"`, JSON Feed `content_text` and `summary`).
struct RawText {
    var text: String
    var isHTML: Bool
}

/// A link as written, and the `xml:base` in force where it was written (nil when none was
/// given: then the feed's site link, else the feed's own URL, is the base).
struct RawLink {
    var text: String
    var base: URL?
}

/// An enclosure as found: its link, and the type, size (bytes) and duration (seconds) it was
/// given with, read but not yet checked.
struct RawEnclosure {
    var link: RawLink
    var type: String?
    var byteSize: Int64?
    var duration: Int?
}

struct RawItem {
    /// The best title so far and its rank: the format's own (0), `dc:title` (1), `media:title` (2).
    var title: RawText?
    private var titleRank = Int.max
    /// The best link so far and its rank (lower is better).
    private(set) var link: RawLink?
    private var linkRank = Int.max
    /// A permalink GUID (RSS) or `rdf:about` (RSS 1.0): the link when the item has no other.
    var permalink: RawLink?
    var guid: String?
    private(set) var publishedAt: Date?
    private var dateRank = Int.max
    /// The best summary so far and its rank: the format's own (0), `dc:description` (1),
    /// `itunes:summary` (2), `media:description` (3).
    var summary: RawText?
    private var summaryRank = Int.max
    var content: RawText?
    /// The `xml:base` in force on the content, for a first `<img>` found in it.
    var contentBase: URL?
    private(set) var author: String?
    private var authorRank = Int.max
    private(set) var image: RawLink?
    private var imageRank = Int.max
    private(set) var enclosure: RawEnclosure?
    private var enclosureRank = Int.max
    /// `itunes:duration`, in seconds: the enclosure's when it gives none of its own.
    var duration: Int?
    /// A short extract of the story, apart from its full text (NewsAPI's `content`, "… [+1234
    /// chars]"): the article's `content`.
    var extract: String?

    /// Keeps the title when it ranks better than the one kept so far; an empty one never does.
    mutating func offerTitle(_ text: RawText, rank: Int) {
        guard rank < titleRank, text.text.utf8.contains(where: { $0 > 0x20 }) else { return }
        title = text
        titleRank = rank
    }

    mutating func offerSummary(_ text: RawText, rank: Int) {
        guard rank < summaryRank, text.text.utf8.contains(where: { $0 > 0x20 }) else { return }
        summary = text
        summaryRank = rank
    }

    /// Keeps `link` when it ranks better than the one kept so far.
    mutating func offerLink(_ link: RawLink, rank: Int) {
        guard rank < linkRank, !link.text.isEmpty else { return }
        self.link = link
        linkRank = rank
    }

    /// Keeps the date when it can be read and ranks better, or as well: of repeated elements the
    /// last is taken, as feedparser does. An unreadable date never hides a readable one, and is
    /// never replaced by a guess.
    mutating func offerDate(_ text: String, rank: Int) {
        guard rank <= dateRank, let date = FeedDate.parse(text) else { return }
        offerDate(date, rank: rank)
    }

    mutating func offerDate(_ date: Date, rank: Int) {
        guard rank <= dateRank else { return }
        publishedAt = date
        dateRank = rank
    }

    mutating func offerAuthor(_ name: String, rank: Int) {
        guard rank < authorRank, !name.isEmpty else { return }
        author = name
        authorRank = rank
    }

    /// Image ranks, in the order the issue gives: `media:content` (0), `media:thumbnail` (1),
    /// RSS `enclosure` and `itunes:image` (2, the first given), Atom `link rel="enclosure"` (3),
    /// JSON Feed `image` (4) and `banner_image` (5). The first `<img>` in the content comes last, when building.
    mutating func offerImage(_ link: RawLink, rank: Int) {
        guard rank < imageRank, !link.text.isEmpty else { return }
        image = link
        imageRank = rank
    }

    /// Enclosure ranks: the format's own (RSS `enclosure`, Atom `link rel="enclosure"`, JSON Feed
    /// `attachments`: 0, the first given), then Media RSS `media:content` of audio or video (1).
    mutating func offerEnclosure(_ enclosure: RawEnclosure, rank: Int) {
        guard rank < enclosureRank, !enclosure.link.text.isEmpty else { return }
        self.enclosure = enclosure
        enclosureRank = rank
    }
}
