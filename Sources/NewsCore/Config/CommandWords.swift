/// A command typed at a prompt, split into its program and arguments the way the config's
/// `browser =` is (spaces separate words, quotes keep one together); no shell ever sees it.
public enum CommandWords {
    public struct SplitError: ReadableError, Equatable {
        public let message: String
    }

    public static func split(_ text: String) throws(SplitError) -> [String] {
        do {
            return try ConfigText.words(Substring(text))
        } catch {
            throw SplitError(message: "The command cannot be read: \(error.reason).")
        }
    }
}
