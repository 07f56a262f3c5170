import Foundation
import NewsCore

/// Everything the headlines screen shows, changed only by the methods below: the load
/// lifecycle (loading → loaded → refreshing → failed → loaded), the selection, the notice.
public struct HeadlinesState: Equatable {
    public enum Phase: Equatable {
        case idle
        case loading
        case failed(String)
    }

    public private(set) var sourceName: String
    public private(set) var articles: [Article] = []
    public private(set) var scroll = ListScroll()
    public private(set) var phase: Phase = .idle
    public private(set) var lastRefresh: Date?
    public private(set) var hasLoaded = false
    /// Entries of the last edition that could not be used (shown as "3 skipped").
    public private(set) var skipped = 0
    public private(set) var notice: Notice?
    public private(set) var spinnerTick = 0

    public init(sourceName: String) {
        self.sourceName = sourceName
    }

    public var isLoading: Bool { phase == .loading }
    public var selectedArticle: Article? { articles.indices.contains(scroll.selection) ? articles[scroll.selection] : nil }

    public mutating func beginLoad() {
        phase = .loading
        spinnerTick = 0
        notice = nil
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
        if let note = edition.notes.first { notice = Notice(note) }
    }

    /// A failed load keeps the previous list on screen.
    public mutating func failLoad(_ message: String) {
        phase = .failed(message)
    }

    /// A load that ended by a cancellation nobody here asked for (the screen's own cancellations
    /// never reach it): the loading phase ends rather than spinning forever.
    public mutating func abandonLoad() {
        phase = hasLoaded ? .idle : .failed("The load was cancelled.")
    }

    public mutating func move(_ movement: Movement) { scroll.apply(movement) }

    /// Keeps the selection within `rows` visible rows (the window's height changed).
    public mutating func fit(rows: Int) { scroll.fit(rows: rows) }

    public mutating func show(_ notice: Notice?) { self.notice = notice }

    public mutating func tick() { spinnerTick += 1 }
}
