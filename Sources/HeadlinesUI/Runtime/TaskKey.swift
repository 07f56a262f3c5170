/// The names of a screen's tasks. A run for a key cancels the one before it (latest wins), so a
/// typo must not silently start a second task: the keys are an enum, not strings.
public enum TaskKey: Hashable, Sendable {
    /// Loading the screen's articles.
    case load
    /// A spinner or indeterminate bar's ticks.
    case spinner
    /// The article's image.
    case image
    /// Decoding the article's picture.
    case picture
    /// A browser started by `o`.
    case browser
}
