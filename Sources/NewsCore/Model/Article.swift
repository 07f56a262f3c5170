import Foundation

/// One news article, from whichever source. Every text field has been through `Sanitizer`;
/// empty strings are nil; `url` is an absolute http(s) URL.
public struct Article: Sendable, Hashable, Identifiable {
    public var sourceName: String?
    public var author: String?
    public var title: String
    public var description: String?
    public var url: URL
    public var imageURL: URL?
    public var publishedAt: Date?
    public var content: String?

    /// Articles are identified by their URL: two copies of one story are one article.
    public var id: URL { url }

    public init(
        sourceName: String? = nil, author: String? = nil, title: String, description: String? = nil,
        url: URL, imageURL: URL? = nil, publishedAt: Date? = nil, content: String? = nil
    ) {
        self.sourceName = sourceName
        self.author = author
        self.title = title
        self.description = description
        self.url = url
        self.imageURL = imageURL
        self.publishedAt = publishedAt
        self.content = content
    }
}
