import Foundation
import NewsCore

/// The article screen's state: the article, how far it is scrolled, and its image's fetch.
/// Changed only by the methods below.
public struct ArticleState: Equatable {
    public enum Image: Equatable {
        case none
        case loading(TransferProgress?)
        case loaded(ImageInfo)
        case failed(String)
    }

    public private(set) var article: Article
    public private(set) var offset = 0
    public private(set) var image: Image
    public private(set) var notice: Notice?
    public private(set) var tick = 0

    public init(article: Article) {
        self.article = article
        image = article.imageURL == nil ? .none : .loading(nil)
    }

    /// Scrolls, keeping the last page of `lineCount` lines in `rows` rows filled.
    public mutating func scroll(_ movement: Movement, lineCount: Int, rows: Int) {
        offset = movement.applied(to: offset, maximum: lineCount - rows)
    }

    /// Keeps the offset in range after the text or the window changed.
    public mutating func clamp(lineCount: Int, rows: Int) {
        offset = Movement.by(0).applied(to: offset, maximum: lineCount - rows)
    }

    public mutating func imageProgress(_ progress: TransferProgress) { image = .loading(progress) }
    public mutating func imageLoaded(_ info: ImageInfo) { image = .loaded(info) }
    public mutating func imageFailed(_ message: String) { image = .failed(message) }
    public mutating func show(_ notice: Notice?) { self.notice = notice }
    public mutating func advanceTick() { tick += 1 }
}
