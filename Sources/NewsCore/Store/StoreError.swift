/// Why the article cache could not do something, in words a person reads in the status bar.
public enum StoreError: Error, Sendable, Equatable {
    /// The cache's folder or file cannot be made or opened.
    case cannotOpen(path: String, reason: String)
    /// The file was written by a newer Headlines, whose layout this one does not know.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The file turned out damaged while in use; it was moved aside and a new one made.
    case damaged(movedTo: String)
    /// Another Headlines held the write lock for longer than the busy timeout.
    case busy
    /// This instance works read-only (see `StoreAccess`); nothing was written.
    case readOnly(reason: String)
    /// The disk (or the file's size limit) is full; the transaction was rolled back.
    case diskFull
    /// Any other failure of the database, with SQLite's words.
    case failed(reason: String)

    /// One sentence.
    public var message: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "The article cache \(path) cannot be opened: \(Self.sentenceBody(reason))."
        case .newerVersion(let path, let found, let supported):
            return "The article cache \(path) was written by a newer Headlines (version \(found), this one knows \(supported)); it is left untouched."
        case .damaged(let movedTo):
            return "The article cache was damaged; it was moved to \(movedTo) and a new one started."
        case .busy:
            return "Another Headlines is writing the article cache; this change was not saved."
        case .readOnly(let reason):
            return "The article cache is read-only (\(Self.sentenceBody(reason))); this change was not saved."
        case .diskFull:
            return "The disk is full; the article cache was left as it was."
        case .failed(let reason):
            return "The article cache failed: \(Self.sentenceBody(reason))."
        }
    }

    private static func sentenceBody(_ text: String) -> String {
        var text = Sanitizer.clean(text, maxLength: 300)
        while text.hasSuffix(".") { text.removeLast() }
        return text.isEmpty ? "unknown error" : text
    }
}

/// Whether this instance can write the cache. The UI shows `.readOnly`'s reason.
public enum StoreAccess: Sendable, Hashable {
    case readWrite
    /// Reads work; writes are refused or failed. The reason is one sentence.
    case readOnly(reason: String)
}

extension StoreError: ReadableError {}
