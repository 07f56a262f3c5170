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
    /// The source held no article before this merge: its first articles, which no list marks new.
    public var sourceWasEmpty = false

    public init() {}
}
