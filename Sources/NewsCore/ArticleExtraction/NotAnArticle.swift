/// Why a page gave no article, each one sentence for a person (`message`).
public enum NotAnArticle: Error, Sendable, Equatable {
    /// The answer is not a web page (a PDF, a picture, a feed); the media type as the server gave it.
    case notHTML(mediaType: String)
    /// Larger than the extractor reads.
    case tooLarge(limit: Int)
    /// The page could not be read as text (an encoding nobody knows); the decoder's reason.
    case unreadable(String)
    /// A site's front page or a section's list of links.
    case homePage
    /// The article is behind a paywall: the page holds only its opening.
    case paywall
    /// A page around a video or a gallery, with little text.
    case media
    /// No block of running text long enough to be an article.
    case noText

    public var message: String {
        switch self {
        case .notHTML(let mediaType): "The page is not a web page but \(mediaType), so there is no article to read in it."
        case .tooLarge(let limit): "The page is larger than \(ByteCount.describe(limit)), the most Headlines reads for an article."
        case .unreadable(let reason): "The page could not be read: \(reason)."
        case .homePage: "The page is a front page or a list of links, not an article."
        case .paywall: "The article is behind a paywall: the page holds only its opening."
        case .media: "The page is a video or a gallery with too little text to read as an article."
        case .noText: "No article text could be found on the page."
        }
    }
}

extension NotAnArticle: ReadableError {}
