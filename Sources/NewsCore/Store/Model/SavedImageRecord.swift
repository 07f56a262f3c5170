import FoundationEssentials

/// The store's note of an image saved from an article: where it went, and when.
public struct SavedImageRecord: Sendable, Hashable {
    public var file: URL
    public var savedAt: Date

    public init(file: URL, savedAt: Date) {
        self.file = file
        self.savedAt = savedAt
    }
}
