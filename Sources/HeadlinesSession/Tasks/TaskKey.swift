import NewsCore

/// The names of a screen's tasks. A run for a key cancels the one before it (latest wins), so a
/// typo must not silently start a second task: the keys are an enum, not strings.
package enum TaskKey: Hashable, Sendable {
    /// Loading the screen's articles.
    case load
    /// A spinner or indeterminate bar's ticks.
    case spinner
    /// The end of a passing status-bar message.
    case statusMessage
    /// The article's picture, fetched and decoded by the session's picture library.
    case image
    /// Reading the article's full text from its page (`x`).
    case fullText
    /// The clock shown while `x` reads the page (its seconds going on).
    case fullTextClock
    /// Reading the full texts of a source's new articles after its refresh (`full-text = yes`).
    case fullTexts(SourceKey)
    /// A browser started by `o`.
    case browser
    /// A player started by `P`.
    case player
    /// Piping the article to a command (`|`).
    case articlePipe
    /// Refreshing one source.
    case source(SourceKey)
    /// Reading a list's first rows from the cache (again, after a refresh or a mark).
    case page
    /// Reading the rows after those (scrolling down, `n`): its own key, so that neither read
    /// cancels the other's work.
    case morePage
    /// Counting each source's articles in the cache.
    case summaries
    /// Reading a server's feeds from the cache after its sync (the Sources screen's rows).
    case serverFeeds(String)
    /// Sending a server's outbox of marks after a mark.
    case sendMarks(String)
    /// Indexing new articles for search, once refreshes are over.
    case indexing
    /// Dropping old articles from the cache at start.
    case pruning
    /// Handing the cache the rules of a config read again.
    case rules
    /// Writing the reader's marks (read, starred, a whole list read), in the order made.
    case marks
    /// Reading a list's headings for the filter.
    case filter
    /// Asking the cache which of them pass a filter expression (`/` then `=`).
    case filterExpression
    /// Counting a list's unread articles before `A` marks them.
    case unreadCount
    /// Reading the page after a list's rows for `J` on the last of them: its own key, as a mark's
    /// re-read of the first rows cancels `morePage` (and `J` would never hear back).
    case stepPage
    /// A search of the cache, and one of NewsAPI.
    case search
    case remoteSearch
    /// Refreshing every source every few minutes (`refresh-minutes`).
    case autoRefresh
    /// A screen holding a source's refresh, which the library runs (see `Library.refresh`).
    case holding(SourceKey)
    /// Looking for what another process (cron's `--refresh`) wrote to the cache.
    case otherWriters
    /// Telling of new articles (`notify`, `bell`), at most once a minute.
    case notify
    /// Writing a refresh kept in memory while another instance held the write lock (nil: every
    /// source's, at quit).
    case keptArticles(SourceKey?)
}
