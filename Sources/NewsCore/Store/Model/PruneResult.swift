import FoundationEssentials

/// What a prune removed.
public struct PruneResult: Sendable, Hashable {
    public var articles = 0
    /// Sources no longer configured whose time ran out (their starred articles are kept).
    public var sources = 0

    public init() {}
}
