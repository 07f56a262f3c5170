import NewsCore

/// The library's tasks, in its own scope.
extension TaskKey {
    /// Refreshing one source.
    static func source(_ key: SourceKey) -> TaskKey { TaskKey("source", for: key.rawValue) }
    /// A screen holding a source's refresh, which the library runs (see `Library.refresh`): in the screen's scope.
    static func holding(_ key: SourceKey) -> TaskKey { TaskKey("holding", for: key.rawValue) }
    /// Counting each source's articles in the cache.
    static let summaries = TaskKey("summaries")
    /// Reading a server's feeds from the cache after its sync (the Sources screen's rows).
    static func serverFeeds(_ server: String) -> TaskKey { TaskKey("server-feeds", for: server) }
    /// Sending a server's outbox of marks after a mark.
    static func sendMarks(_ server: String) -> TaskKey { TaskKey("send-marks", for: server) }
    /// Indexing new articles for search, once refreshes are over.
    static let indexing = TaskKey("indexing")
    /// Dropping old articles from the cache at start.
    static let pruning = TaskKey("pruning")
    /// Handing the cache the rules of a config read again.
    static let rules = TaskKey("rules")
    /// Writing the reader's marks (read, starred, a whole list read), in the order made.
    package static let marks = TaskKey("marks")
    /// Refreshing every source every few minutes (`refresh-minutes`).
    package static let autoRefresh = TaskKey("auto-refresh")
    /// Looking for what another process (cron's `--refresh`) wrote to the cache.
    package static let otherWriters = TaskKey("other-writers")
    /// Writing a refresh kept in memory while another instance held the write lock (nil: every
    /// source's, at quit).
    package static func keptArticles(_ key: SourceKey?) -> TaskKey { TaskKey("kept-articles", for: key?.rawValue) }
    /// Reading the full texts of a source's new articles after its refresh (`full-text = yes`).
    static func fullTexts(_ key: SourceKey) -> TaskKey { TaskKey("full-texts", for: key.rawValue) }
}
