/// Why an OPML import or export could not be done, as one sentence for a person.
public enum OPMLError: Error, Sendable, Equatable {
    /// The OPML file could not be read (missing, unreadable, too large).
    case unreadable(path: String, reason: String)
    /// The OPML file was read but is not a usable OPML document (not XML, hostile, not OPML).
    case invalid(path: String, reason: String)
    /// The config file the feeds go into has an error; nothing was written.
    case config(ConfigError)
    /// The config file could not be written; it is unchanged.
    case cannotWrite(path: String, reason: String)

    public var message: String {
        switch self {
        case .unreadable(let path, let reason): return "Could not read \(path): \(reason)."
        case .invalid(let path, let reason): return "\(path) is not a usable OPML file: \(reason)."
        case .config(let error): return error.message
        case .cannotWrite(let path, let reason): return "Could not write \(path): \(reason); it is unchanged."
        }
    }
}

extension OPMLError: CustomStringConvertible {
    public var description: String { message }
}

extension OPMLError: ReadableError {}
