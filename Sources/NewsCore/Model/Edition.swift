/// What one fetch of a source produced: the articles in the source's order, and how many
/// entries were left out because they could not be used.
public struct Edition: Sendable, Hashable {
    public var articles: [Article]
    /// Entries dropped as unusable (no usable URL, not an object, a `[Removed]` placeholder).
    public var skipped: Int
    /// The total the server says it has, when it says (NewsAPI's `totalResults`).
    public var totalResults: Int?

    public init(articles: [Article], skipped: Int = 0, totalResults: Int? = nil) {
        self.articles = articles
        self.skipped = skipped
        self.totalResults = totalResults
    }
}
