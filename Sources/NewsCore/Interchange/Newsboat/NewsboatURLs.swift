import FoundationEssentials

/// What newsboat's `urls` file holds: one feed a line, a URL then its tags, each word bare or
/// double-quoted (`\"` and `\\` inside quotes). A tag `"~Name"` names the feed; a tag `!` hides
/// it in newsboat (not a tag); `#` starts a comment line. Query feeds (`"query:Name:expression"`)
/// become query feeds where the translation is exact (`NewsboatQuery`); the others, programs
/// (`"exec:..."`) and filters (`"filter:..."`) have no equivalent here and are listed as skipped.
/// Everything is sanitised: the file is treated as hostile like any other input.
public struct NewsboatURLs: Sendable, Equatable {
    /// A line that gives no feed, and why.
    public struct Skipped: Sendable, Equatable {
        public var line: Int
        /// The line's first word, sanitised and cut to `entryLength` characters: never more of a
        /// line that may not be newsboat's.
        public var entry: String
        public var reason: String

        public init(line: Int, entry: String, reason: String) {
            self.line = line
            self.entry = entry
            self.reason = reason
        }
    }

    /// The feeds in the file's order; the first tag is the group, and every tag is kept.
    public var feeds: [FeedToAdd] = []
    public var skipped: [Skipped] = []
    /// The query feeds translated, in the file's order.
    public var queries: [NewsboatQuery.Translation] = []

    public init(feeds: [FeedToAdd] = [], skipped: [Skipped] = [], queries: [NewsboatQuery.Translation] = []) {
        self.feeds = feeds
        self.skipped = skipped
        self.queries = queries
    }

    public static func parse(_ text: String) -> NewsboatURLs {
        var result = NewsboatURLs()
        // "\r\n" is one Character in Swift, so both forms of line end are named.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, rawLine) in lines.enumerated() {
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            let words = Self.words(line)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            let number = offset + 1
            let entry = Self.entry(first)
            if first.lowercased().hasPrefix("query:") {
                switch NewsboatQuery.translate(first) {
                case .success(var query):
                    query.line = number
                    result.queries.append(query)
                case .failure(let error):
                    result.skipped.append(Skipped(line: number, entry: entry, reason: "a query feed with no exact translation: " + error.reason))
                }
                continue
            }
            if let reason = Self.unsupported(first) {
                result.skipped.append(Skipped(line: number, entry: entry, reason: reason))
                continue
            }
            guard first.utf8.count <= TextLimits.url else {
                result.skipped.append(Skipped(line: number, entry: entry, reason: "a URL longer than \(TextLimits.url) bytes, which no feed has"))
                continue
            }
            let url: URL
            do {
                url = try ConfigLocation.webURL(first)
            } catch {
                result.skipped.append(Skipped(line: number, entry: entry, reason: "not an http or https URL"))
                continue
            }
            var title: String?
            var tags: [String] = []
            for word in words.dropFirst() {
                if word.hasPrefix("~") {
                    let name = Sanitizer.clean(String(word.dropFirst()), maxLength: TextLimits.name)
                    if !name.isEmpty { title = name }
                } else if word != "!" {
                    let tag = Sanitizer.clean(word, maxLength: TextLimits.name)
                    if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
                }
            }
            result.feeds.append(FeedToAdd(url: url, title: title, group: tags.first.map { GroupPath.group([$0]) }, tags: tags))
        }
        return result
    }

    /// How much of a skipped line's first word is quoted back.
    static let entryLength = 40

    /// A skipped line's first word as quoted back: sanitised, and cut with "…" past `entryLength`.
    static func entry(_ word: String) -> String {
        let clean = Sanitizer.clean(word, maxLength: 4 * entryLength)
        return clean.count > entryLength ? String(clean.prefix(entryLength - 1)) + "…" : clean
    }

    /// Why a URL word names something Headlines cannot read; nil for a URL to try.
    static func unsupported(_ word: String) -> String? {
        let lower = word.lowercased()
        if lower.hasPrefix("query:") { return "a query feed (a saved search over other feeds), which Headlines does not have" }
        if lower.hasPrefix("exec:") { return "a program's output (exec:), which Headlines does not run" }
        if lower.hasPrefix("filter:") { return "a feed through a filter program (filter:), which Headlines does not run" }
        return nil
    }

    /// The line's words: runs of non-blanks, or double-quoted strings with `\"` and `\\`.
    static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == " " || character == "\t" {
                index = line.index(after: index)
                continue
            }
            var word = ""
            if character == "\"" {
                index = line.index(after: index)
                while index < line.endIndex, line[index] != "\"" {
                    if line[index] == "\\", line.index(after: index) < line.endIndex {
                        index = line.index(after: index)
                    }
                    word.append(line[index])
                    index = line.index(after: index)
                }
                if index < line.endIndex { index = line.index(after: index) }  // the closing quote
            } else {
                while index < line.endIndex, line[index] != " ", line[index] != "\t" {
                    word.append(line[index])
                    index = line.index(after: index)
                }
            }
            words.append(word)
        }
        return words
    }
}
