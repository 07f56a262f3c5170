import FoundationEssentials

/// A problem in a config file: where it is and what is wrong, read as one sentence by a person,
/// in the form compilers use so that editors can jump to it: `~/.config/headlines/config:12: unknown setting "colour".`
public struct ConfigError: Error, Sendable, Equatable {
    /// The file as a person would write it (the home folder shown as `~`).
    public let file: String
    /// The 1-based line, or nil when the problem is with the whole file.
    public let line: Int?
    /// What is wrong, starting in lower case, with no final full stop.
    public let reason: String

    public init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// The place and the reason, ending with its full stop.
    public var message: String { statement + "." }

    /// The message without its full stop, to stand inside another sentence. The file's name is
    /// cleaned, as it may hold anything (`--config $'\e]52;…'`); the reasons quote config text cleaned.
    public var statement: String {
        let file = Sanitizer.clean(file)
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}

extension ConfigError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { message }
    public var description: String { message }
}

/// A problem found while reading one line, before the file's name is known to the code that found it.
struct LineError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

extension ConfigError: ReadableError {}
