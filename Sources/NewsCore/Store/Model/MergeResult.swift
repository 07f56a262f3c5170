import FoundationEssentials

/// What merging one edition into a source changed.
public struct MergeResult: Sendable, Hashable {
    /// Articles the store had not seen before (drawn as new).
    public var added: Set<ArticleID> = []
    /// Articles already stored whose text, links or date changed (read and starred kept).
    public var updated: Set<ArticleID> = []
    /// Articles already stored and unchanged.
    public var unchanged = 0
    /// Items of the edition left out because an earlier item had the same identity.
    public var duplicates = 0

    public init() {}
}

/// What a prune removed.
public struct PruneResult: Sendable, Hashable {
    public var articles = 0
    /// Sources no longer configured whose time ran out (their starred articles are kept).
    public var sources = 0

    public init() {}
}

/// The store's note of an image saved from an article: where it went, and when.
public struct SavedImageRecord: Sendable, Hashable {
    public var file: URL
    public var savedAt: Date

    public init(file: URL, savedAt: Date) {
        self.file = file
        self.savedAt = savedAt
    }
}
