import Foundation
import NewsCore

/// The article screen's state: the article, how far it is scrolled, and its image's fetch.
public struct ArticleState: Equatable {
    public enum Image: Equatable {
        case none
        case loading(TransferProgress?)
        case loaded(ImageInfo)
        case failed(String)
    }

    public var article: Article
    public var offset = 0
    public var image: Image
    public var notice: Notice?
    public var tick = 0

    public init(article: Article) {
        self.article = article
        image = article.imageURL == nil ? .none : .loading(nil)
    }
}
