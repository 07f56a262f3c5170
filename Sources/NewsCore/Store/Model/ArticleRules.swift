/// What the reader's config says about which cached articles to show: the sources' names,
/// groups and tags (for filters), the kill rules (`ignore =`, globally and per source) and
/// `max-items` (globally and per source). Articles a rule hides stay in the cache, so a
/// changed rule brings them back; they are left out of every list, count and search.
public struct ArticleRules: Sendable, Equatable {
    public var sources: FilterSources
    /// The global `ignore =`.
    public var ignore: ArticleFilter?
    /// Each source's own `ignore =`.
    public var sourceIgnores: [SourceKey: ArticleFilter]
    /// The global `max-items`: each source shows its newest this many (starred ones besides).
    public var maxItems: Int?
    /// Each source's own `max-items`, over the global one.
    public var sourceMaxItems: [SourceKey: Int]

    public init(
        sources: FilterSources = FilterSources(), ignore: ArticleFilter? = nil, sourceIgnores: [SourceKey: ArticleFilter] = [:],
        maxItems: Int? = nil, sourceMaxItems: [SourceKey: Int] = [:]
    ) {
        self.sources = sources
        self.ignore = ignore
        self.sourceIgnores = sourceIgnores
        self.maxItems = maxItems
        self.sourceMaxItems = sourceMaxItems
    }

    /// Whether any rule hides anything.
    public var hidesArticles: Bool { ignore != nil || !sourceIgnores.isEmpty || hasItemLimits }
    var hasItemLimits: Bool { maxItems != nil || !sourceMaxItems.isEmpty }
}
