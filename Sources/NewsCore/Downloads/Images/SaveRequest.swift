import FoundationEssentials

/// One image to save: where it is, and the title its file is named after.
public struct SaveRequest: Sendable, Hashable {
    public var imageURL: URL
    public var title: String
    /// Where an earlier save of this article's image went, as the cache noted it: a regular
    /// file there (in the save folder) is the image, already saved, whatever the title now is.
    public var savedBefore: URL?

    public init(imageURL: URL, title: String, savedBefore: URL? = nil) {
        self.imageURL = imageURL
        self.title = title
        self.savedBefore = savedBefore
    }
}

/// A saved image.
public struct SavedImage: Sendable, Hashable {
    public var file: URL
    public var format: ImageFormat
    public var byteCount: Int
    /// True when the file was already there from an earlier save and nothing was fetched.
    public var alreadySaved: Bool
}
