import HeadlinesSession
import NewsCore
import HeadlinesKeys

/// `|`'s prompt on the status line: the command to pipe an article to, starting from the
/// config's `pipe-command`, edited as a shell line is (`LineEditor`; the screen captures the
/// keys meanwhile); Enter runs it and Esc cancels it, whatever other keys do there.
struct PipePrompt {
    /// The article piped: the one in view, or the list's row selected when `|` was pressed.
    let article: Article
    /// The full text read from the article's page goes in place of the feed's, when there is one.
    var fullText = true
    let id: ArticleID?
    private(set) var line: LineEditor
    var command: String { line.text }

    init(article: Article, id: ArticleID?, command: String?) {
        self.article = article
        self.id = id
        line = LineEditor(command ?? "")
    }

    /// What the reader's key means while the prompt is up.
    enum Answer { case run, cancel, edit }

    static func answer(_ action: Action) -> Answer {
        switch action {
        case .read, .openLink: return .run  // Enter, on the list and in the article
        case .back: return .cancel
        default: return .edit  // other keys do nothing until the prompt ends
        }
    }

    /// A typed character, or an editing key.
    mutating func type(_ key: Key) {
        _ = line.apply(key)
    }

    /// The status bar's line while the prompt is up, on a bar `width` columns wide: a long
    /// command shows its end, where the typing is.
    func statusText(width: Int) -> String {
        let label = "Pipe to: ", end = "  Enter runs · Esc cancels"
        let room = max(10, width - 24 - TextWidth.of(label + end))
        var shown = line.display()
        if TextWidth.of(shown) > room {
            var tail = ""
            for character in shown.reversed() {
                guard TextWidth.of(String(character) + tail) < room else { break }
                tail = String(character) + tail
            }
            shown = "…" + tail
        }
        return label + shown + end
    }
}
