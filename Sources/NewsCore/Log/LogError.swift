/// The diagnostic log could not be opened.
public struct LogError: Error, Sendable, Equatable {
    public let path: String
    public let reason: String

    public var message: String { "Could not open the log \(path): \(reason)." }
}

extension LogError: CustomStringConvertible {
    public var description: String { message }
}

extension LogError: ReadableError {}
