import FoundationEssentials

/// Where articles' enclosures were downloaded, so that a second `e` finds the file, after a restart too.
extension ArticleStore {
    public func recordSavedEnclosure(of id: ArticleID, file: URL, at now: Date = Date()) throws {
        try recordSavedFile(in: "saved_enclosure", of: id, file: file, at: now)
    }

    /// Where the article's enclosure was downloaded, if it was.
    public func savedEnclosure(of id: ArticleID) throws -> SavedImageRecord? {
        try savedFile(in: "saved_enclosure", of: id)
    }
}
