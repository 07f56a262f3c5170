import Foundation
import NewsCore

/// Everything the headlines screen shows, changed only by the methods below: the load
/// lifecycle (loading → loaded → refreshing → failed → loaded) and the selection.
public struct HeadlinesState: Equatable {
    public enum Phase: Equatable {
        case idle
        case loading
        case failed(String)
    }

    public var sourceName: String
    public var articles: [Article] = []
    public var scroll = ListScroll()
    public var phase: Phase = .idle
    public var lastRefresh: Date?
    public var hasLoaded = false
    public var skipped = 0
    public var notice: Notice?
    public var spinnerTick = 0

    public init(sourceName: String) {
        self.sourceName = sourceName
    }

    public var isLoading: Bool { phase == .loading }
    public var selectedArticle: Article? { articles.indices.contains(scroll.selection) ? articles[scroll.selection] : nil }

    public mutating func beginLoad() {
        phase = .loading
        spinnerTick = 0
    }

    /// New articles arrive; the selected article stays selected when it is still in the list.
    public mutating func finishLoad(_ edition: Edition, at date: Date) {
        let previous = selectedArticle?.url
        articles = edition.articles
        skipped = edition.skipped
        scroll.setCount(articles.count)
        if let previous, let index = articles.firstIndex(where: { $0.url == previous }) {
            scroll.select(index)
        } else {
            scroll.select(0)
        }
        phase = .idle
        hasLoaded = true
        lastRefresh = date
    }

    /// A failed load keeps the previous list on screen.
    public mutating func failLoad(_ message: String) {
        phase = .failed(message)
    }
}
