import FoundationEssentials

/// One image to save: where it is, and the title its file is named after.
public struct SaveRequest: Sendable, Hashable {
    public var imageURL: URL
    public var title: String

    public init(imageURL: URL, title: String) {
        self.imageURL = imageURL
        self.title = title
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
