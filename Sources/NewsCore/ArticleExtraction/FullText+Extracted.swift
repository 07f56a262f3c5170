import FoundationEssentials

extension FullText {
    /// The full text read from an article's page.
    public init(_ extracted: ExtractedArticle, fetchedAt: Date) {
        self.init(html: extracted.html, page: extracted.url, fetchedAt: fetchedAt, truncated: extracted.truncated, doubtful: extracted.doubtful)
    }
}
