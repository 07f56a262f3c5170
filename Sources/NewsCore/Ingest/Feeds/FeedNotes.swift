import FoundationEssentials

/// The sentences a feed's edition carries in `Edition.notes`, for the status bar or stderr.
public enum FeedNotes {
    public static func cutOff(shown: Int) -> String {
        shown == 1
            ? "The feed was cut off; the 1 complete item before the cut is shown."
            : "The feed was cut off; the \(shown) complete items before the cut are shown."
    }

    public static func itemLimit(_ limit: Int) -> String {
        "The feed is longer than Headlines reads; its first \(limit) items are shown."
    }

    /// Entries left out for having nothing to show or open (only an id): said with `--verbose`.
    public static func nothingToShow(_ count: Int) -> String {
        count == 1
            ? "1 entry was left out: it has no title, summary, link or content."
            : "\(count) entries were left out: they have no title, summary, link or content."
    }

    /// A web page was given, and the feed it names was read in its place.
    public static func usingFeed(_ url: URL) -> String {
        "Using the feed \(Sanitizer.clean(url.absoluteString)) named by the page."
    }
}
