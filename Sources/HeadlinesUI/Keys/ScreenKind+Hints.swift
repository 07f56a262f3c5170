import HeadlinesSession
import HeadlinesKeys

extension ScreenKind {
    /// The actions a screen's status bar hints at, in order; their keys come from the key map, so
    /// a key rebound in the config shows as bound. Here, below the screens and their views, so
    /// that both read them from the keys.
    package var hintedActions: [Action] {
        switch self {
        case .sources: return [.read, .reload, .reloadAll, .help, .back]
        case .headlines: return [.read, .reload, .openInBrowser, .saveImage, .help, .back]
        case .article: return [.down, .openInBrowser, .saveImage, .togglePicture, .fullText, .back]
        case .search: return [.read, .search, .toggleStar, .back]
        case .downloads, .help: return []
        }
    }
}
