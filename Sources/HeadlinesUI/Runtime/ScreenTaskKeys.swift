import HeadlinesSession

/// The tasks every screen may run in its scope; a screen's own are declared beside it.
extension TaskKey {
    /// Loading the screen's content (the article whole, the downloads' earlier files).
    static let load = TaskKey("load")
    /// A spinner or indeterminate bar's ticks.
    static let spinner = TaskKey("spinner")
    /// The end of a passing status-bar message.
    static let statusMessage = TaskKey("status-message")
    /// Reading a list's first rows from the cache (again, after a refresh or a mark).
    static let page = TaskKey("page")
    /// Reading the rows after those (scrolling down, `n`): its own key, so that neither read
    /// cancels the other's work.
    static let morePage = TaskKey("more-page")
    /// Counting a list's unread articles before `A` marks them.
    static let unreadCount = TaskKey("unread-count")
    /// A browser started by `o`.
    static let browser = TaskKey("browser")
}
