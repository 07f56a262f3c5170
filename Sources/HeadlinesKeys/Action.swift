/// Everything a key can do. The raw values are the actions' stable names: the config file's
/// `bind KEY ACTION` names them, so they never change once published.
package enum Action: String, CaseIterable, Sendable {
    // Moving through a list, or scrolling a text.
    case down, up
    case pageDown = "page-down"
    case pageUp = "page-up"
    case first, last
    // On any screen.
    case back, help, redraw, quit
    case reloadConfig = "reload-config"
    // Articles.
    case read, reload
    case reloadAll = "reload-all"
    case openInBrowser = "open-in-browser"
    case saveImage = "save-image"
    case saveAllImages = "save-all-images"
    case downloadEnclosure = "download-enclosure"
    case downloadAllEnclosures = "download-all-enclosures"
    case playEnclosure = "play-enclosure"
    case downloads
    // The reader's marks, and finding.
    case toggleRead = "toggle-read"
    case markAllRead = "mark-all-read"
    case markEverythingRead = "mark-everything-read"
    case undo
    case toggleStar = "toggle-star"
    case nextUnread = "next-unread"
    case previousUnread = "prev-unread"
    /// A source's list moves to the next or previous source (newsboat's names).
    case nextSource = "next-feed"
    case previousSource = "prev-feed"
    case nextArticle = "next-article"
    case previousArticle = "previous-article"
    case filter
    case search
    case cycleSort = "cycle-sort"
    case toggleShowRead = "toggle-show-read"
    case tags
    // The article.
    case openLink = "open-link"
    case togglePicture = "toggle-picture"
    case fullText = "full-text"
    case saveArticle = "save-article"
    case pipeArticle = "pipe-article"
    // Panes side by side (a wide terminal).
    case nextPane = "next-pane"
    case previousPane = "prev-pane"
    // Saves.
    case cancelDownload = "cancel-download"
    case cancelAllDownloads = "cancel-all-downloads"

    /// The names a config file may use.
    package static var names: Set<String> { Set(allCases.map(\.rawValue)) }
}

/// The kinds of screen, for keys that act on some screens only.
package enum ScreenKind: String, CaseIterable, Sendable {
    case sources, headlines, article, downloads, help, search

    /// The help screen's heading for keys of this screen only.
    var title: String {
        switch self {
        case .sources: return "Sources"
        case .headlines: return "Headlines"
        case .article: return "Article"
        case .downloads: return "Downloads"
        case .help: return "Help"
        case .search: return "Search"
        }
    }
}

/// Where a key applies.
package enum KeyScope: Hashable, Sendable {
    /// On every screen.
    case everywhere
    /// On every screen that shows a list or scrolls a text (all of them today).
    case moving
    case screens(Set<ScreenKind>)

    func applies(to screen: ScreenKind) -> Bool {
        switch self {
        case .everywhere, .moving: return true
        case .screens(let screens): return screens.contains(screen)
        }
    }

    /// The more specific scope wins when two claim a key: a screen's own keys, then movement, then global.
    var precedence: Int {
        switch self {
        case .screens: return 0
        case .moving: return 1
        case .everywhere: return 2
        }
    }
}
