import FoundationEssentials

/// What one fetch of a source produced: the articles in the source's order, and how many
/// entries were left out because they could not be used.
public struct Edition: Sendable, Hashable {
    public var articles: [Article]
    /// Entries dropped as unusable (no usable URL, not an object, a `[Removed]` placeholder).
    public var skipped: Int
    /// The total the server says it has, when it says (NewsAPI's `totalResults`).
    public var totalResults: Int?
    /// The feed's own title, sanitised (a config name overrides it for display).
    public var title: String?
    /// The feed's site (RSS channel `link`, Atom `rel="alternate"`, JSON Feed `home_page_url`).
    public var siteURL: URL?
    /// Things a person should know about this fetch, one sentence each: "The feed was cut
    /// off; the 12 complete items before the cut are shown.", "Using the feed … named by the page."
    public var notes: [String]

    public init(
        articles: [Article], skipped: Int = 0, totalResults: Int? = nil,
        title: String? = nil, siteURL: URL? = nil, notes: [String] = []
    ) {
        self.articles = articles
        self.skipped = skipped
        self.totalResults = totalResults
        self.title = title
        self.siteURL = siteURL
        self.notes = notes
    }
}
