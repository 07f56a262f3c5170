import FoundationEssentials

/// A refresh that could not reach its server, for a source the cache has articles of: the
/// person reads that the source is offline, since when, and that what shows is the cache.
public struct SourceUnreachable: ReadableError, Equatable {
    public let reason: NewsError
    /// When the source last answered.
    public let since: Date
    /// When the refresh failed (the message names the day only when it is not today).
    public let now: Date

    public var message: String {
        "Offline since \(RetryAfter.describe(since, now: now)): \(reason.message.dropLast()); showing the cached articles."
    }
}
