import FoundationEssentials

/// What went wrong talking to a feed server, each one sentence naming the server (by the
/// config's name) and never holding a password.
public enum SyncError: Error, Sendable, Equatable {
    /// The server refused the user name or password.
    case wrongPassword(server: String)
    /// The server refused the API token (Miniflux's `X-Auth-Token`).
    case wrongToken(server: String)
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
    /// `require-https = yes` and an `http://` address: the password was not sent, nothing was asked.
    case insecure(server: String)
    /// The server kept sending (see `SyncBudget`): the sync stopped, keeping what it had stored.
    case endless(server: String, reason: EndlessReason)

    /// Why a sync that would not end was stopped.
    public enum EndlessReason: Sendable, Equatable {
        /// More page requests than `SyncBudget.maxPages`.
        case tooManyPages(Int)
        /// A page held only articles that view had already sent (a server ignoring `skip`).
        case repeatedPage
        /// An id list longer than `SyncBudget.maxIDs`.
        case tooManyIDs(Int)
        /// More articles than `SyncArticleLimit` allows one sync (the limit, and what the cache held before).
        case tooManyArticles(limit: Int, held: Int)
    }

    public var server: String {
        switch self {
        case .wrongPassword(let server), .wrongToken(let server), .network(let server, _), .invalidResponse(let server, _),
            .api(let server, _), .unsupported(let server, _), .password(let server, _), .insecure(let server), .endless(let server, _):
            return server
        }
    }

    /// The server refused this request itself (an API error, or an HTTP 4xx other than a
    /// login's 401, a timeout's 408 or 429's "too many"): sent again, it would be refused again.
    public var isRefusal: Bool {
        switch self {
        case .api: return true
        case .network(_, .http(let status, _, _)): return (400..<500).contains(status) && ![401, 408, 429].contains(status)
        default: return false
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
        case .wrongToken(let server):
            return "The server \(server) refused the API token."
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
        case .insecure(let server):
            return "The server \(server) has an http:// address and require-https = yes, so its password was not sent: use https://."
        case .endless(let server, .tooManyPages(let pages)):
            return "The server \(server) kept sending pages, so the sync stopped after \(pages) and kept what it had."
        case .endless(let server, .repeatedPage):
            return "The server \(server) sent a page of articles it had already sent, so the sync stopped there and kept what it had."
        case .endless(let server, .tooManyIDs(let ids)):
            return "The server \(server) listed more than \(ids) articles, so the sync stopped and kept what it had."
        case .endless(let server, .tooManyArticles(let limit, let held)):
            return "The server \(server) sent more than \(limit) articles in one sync (the cache held "
                + "\(held) of it before), so the sync stopped and kept what it had; "
                + "if the account really holds more, raise sync-limit in its [server] section."
        }
    }
}

extension SyncError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { message }
    public var description: String { message }
}

extension SyncError: ReadableError {}
