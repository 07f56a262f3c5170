import FoundationEssentials

/// One enclosure to download: its link, and the source whose folder it goes in.
public struct EnclosureRequest: Sendable, Hashable {
    public var url: URL
    /// The source's name (the config's, else the feed's title): the folder's, made safe.
    public var sourceName: String
    /// Where an earlier download of it went, as the cache noted it: a non-empty regular file
    /// there (in its source's folder) is the enclosure, already downloaded.
    public var savedBefore: URL?
    /// The type the feed announced (`audio/mpeg`), to refuse a page served in its place.
    public var mimeType: String?

    public init(url: URL, sourceName: String, savedBefore: URL? = nil, mimeType: String? = nil) {
        self.url = url
        self.sourceName = sourceName
        self.savedBefore = savedBefore
        self.mimeType = mimeType
    }
}

/// A downloaded enclosure.
public struct SavedEnclosure: Sendable, Hashable {
    public var file: URL
    public var byteCount: Int
    /// True when the file was there from an earlier download and nothing was fetched.
    public var alreadySaved: Bool

    public init(file: URL, byteCount: Int, alreadySaved: Bool) {
        self.file = file
        self.byteCount = byteCount
        self.alreadySaved = alreadySaved
    }
}
