/// Why an image was not saved, in words a person reads in the status bar.
public enum SaveError: Error, Sendable, Equatable {
    /// The bytes are not PNG, JPEG, GIF, WebP or AVIF; the server's content type, if any.
    case notAnImage(contentType: String?)
    /// An enclosure's server sent something no recording comes as (a page, text, a picture):
    /// the type it was served as, and the one the feed announced.
    case notTheEnclosure(served: String, announced: String?)
    case http(status: Int)
    case tooLarge(limit: Int)
    /// The save folder cannot be created or written.
    case folderNotWritable(path: String, reason: String)
    /// Writing the file failed (disk full, permissions...).
    case writeFailed(reason: String)
    case network(NewsError)

    /// `not an image (text/html)`, `HTTP 404`, `larger than 50 MiB`, ...
    public var reason: String {
        switch self {
        case .notAnImage(let type): return "not an image" + (type.map { " (\($0))" } ?? "")
        case .notTheEnclosure(let served, let announced):
            return "the server sent \(SniffedText.describe(served)), not " + (announced ?? "a recording")
        case .http(let status): return "HTTP \(status)"
        case .tooLarge(let limit): return "larger than \(ByteCount.describe(limit))"
        case .folderNotWritable(let path, let reason): return "cannot write to \(path): \(reason)"
        case .writeFailed(let reason): return "could not write the file: \(reason)"
        case .network(let error): return error.message
        }
    }

    /// One sentence: `Not saved: HTTP 404.`
    public var message: String {
        let text = reason
        return "Not saved: " + text + (text.hasSuffix(".") ? "" : ".")
    }
}

extension SaveError {
    /// Runs a save's fetch with its failures told as a save's: a `NewsError` becomes `.network`
    /// (or `.tooLarge`); a `SaveError` and a cancellation pass as they are.
    static func reporting(_ fetch: () async throws -> Void) async throws {
        do {
            try await fetch()
        } catch let error as NewsError {
            if case .tooLarge(let limit) = error { throw SaveError.tooLarge(limit: limit) }
            throw SaveError.network(error)
        }
    }
}

extension SaveError: ReadableError {}
