import FoundationEssentials

/// What went wrong talking to a feed server, each one sentence naming the server (by the
/// config's name) and never holding a password.
public enum SyncError: Error, Sendable, Equatable {
    /// The server refused the user name or password.
    case wrongPassword(server: String)
    /// The server could not be reached, or failed on the way (`failure` says how).
    case network(server: String, failure: NewsError)
    /// The server answered, but not with what its API promises.
    case invalidResponse(server: String, reason: String)
    /// The server answered with an API error.
    case api(server: String, reason: String)
    /// The protocol cannot do this (Fever cannot subscribe).
    case unsupported(server: String, what: String)
    /// The password could not be got (`password-command` failed, `password-file` unreadable).
    case password(server: String, reason: String)

    public var server: String {
        switch self {
        case .wrongPassword(let server), .network(let server, _), .invalidResponse(let server, _),
            .api(let server, _), .unsupported(let server, _), .password(let server, _):
            return server
        }
    }

    /// The server could not be reached at all: the cache is all there is ("offline since").
    public var isUnreachable: Bool {
        if case .network(_, let failure) = self { return failure.isUnreachable }
        return false
    }

    public var message: String {
        switch self {
        case .wrongPassword(let server):
            return "The server \(server) refused the user name or password."
        case .network(let server, let failure):
            return "The server \(server) could not be reached: \(failure.message)"
        case .invalidResponse(let server, let reason):
            return "The server \(server) gave an answer Headlines cannot read: \(reason)."
        case .api(let server, let reason):
            return "The server \(server) answered with an error: \(reason)."
        case .unsupported(let server, let what):
            return "The server \(server) cannot \(what)."
        case .password(let server, let reason):
            return "The password for the server \(server) could not be read: \(reason)."
        }
    }
}

extension SyncError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { message }
    public var description: String { message }
}
