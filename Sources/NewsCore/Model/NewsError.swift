import FoundationEssentials

/// Everything that can go wrong getting news, each readable as one sentence by a person.
/// Messages never contain the API key (it is never in a URL, and never quoted here).
public enum NewsError: Error, Sendable, Equatable {
    /// No network at all.
    case offline(host: String)
    /// The host name could not be resolved.
    case cannotFindHost(host: String)
    /// The host answered that nothing listens there (connection refused).
    case cannotConnect(host: String)
    case timedOut(host: String)
    /// The whole transfer took longer than the deadline (a server that trickles).
    case tooSlow(host: String, seconds: Int)
    /// The connection closed before the whole response arrived.
    case connectionLost(host: String)
    /// A non-2xx status, with NewsAPI's code and message when the body had them.
    case http(status: Int, code: String?, message: String?)
    /// The feed a web page named answered with an HTTP error (`failure`, an `.http`): the
    /// message names that feed, since the person gave only the page's URL.
    indirect case pageFeed(feed: String, failure: NewsError)
    /// A 200 answer whose body is NewsAPI's error form.
    case api(code: String?, message: String?)
    /// A 429 or 503 that says when to come back (`Retry-After`): the source is not asked before then.
    /// (`status` is nil when the request was not even made: the time is not up yet.)
    case rateLimited(host: String, status: Int?, retryAfter: Date)
    /// The body is not the document we expected.
    case invalidDocument(String)
    /// The body is larger than the cap.
    case tooLarge(limit: Int)
    /// A local file could not be read.
    case file(path: String, reason: String)
    /// A URL we will not fetch (unsupported scheme, no host).
    case unsupportedURL(String)
    /// A redirect to somewhere we will not go: another scheme, or a local file.
    case redirectRefused(from: String, to: String)
    /// A body compressed with an encoding we did not offer (its inflated size cannot be bounded).
    case unsupportedEncoding(host: String, encoding: String)
    /// Any other transport failure, described by the system.
    case transport(String)

    /// The server could not be reached at all (no network, no such host, refused, silent):
    /// the cached articles are all there is.
    /// The HTTP status the server answered with, when the failure is its answer (the log's
    /// `status=`; a 418 once logged as `status=-`).
    public var httpStatus: Int? {
        switch self {
        case .http(let status, _, _): return status
        case .rateLimited(_, let status, _): return status
        case .pageFeed(_, let failure): return failure.httpStatus
        default: return nil
        }
    }

    public var isUnreachable: Bool {
        switch self {
        case .offline, .cannotFindHost, .cannotConnect, .timedOut, .connectionLost: return true
        default: return false
        }
    }

    /// One clear sentence for the status bar or stderr.
    public var message: String {
        switch self {
        case .offline(let host): return "You appear to be offline: \(host) could not be reached."
        case .cannotFindHost(let host): return "The server \(host) could not be found."
        case .cannotConnect(let host): return "Could not connect to \(host): the connection was refused."
        case .timedOut(let host): return "\(host) did not answer in time."
        case .tooSlow(let host, let seconds):
            return "\(host) was too slow: the transfer took longer than \(seconds == 1 ? "1 second" : "\(seconds) seconds")."
        case .connectionLost(let host): return "The connection to \(host) closed before the response was complete."
        case .http(let status, let code, let message):
            var text = "HTTP \(status)"
            if let code { text += " \(code)" }
            text += ": " + (message ?? HTTPStatus.reason(status) + ".")
            return text
        case .pageFeed(let feed, let failure): return "The feed \(feed) named by the page answered \(failure.message)"
        case .rateLimited(let host, let status, let retryAfter):
            return "\(host) asked not to be fetched again before \(RetryAfter.describe(retryAfter))" + (status.map { " (HTTP \($0))." } ?? ".")
        case .api(let code, let message):
            return "The server refused the request" + (code.map { " (\($0))" } ?? "") + ": " + (message ?? "no reason given.")
        case .invalidDocument(let reason): return "The response could not be read: \(reason)."
        case .tooLarge(let limit): return "The response is larger than \(ByteCount.describe(limit)), the most Headlines will read."
        case .file(let path, let reason): return "Could not read \(path): \(reason)."
        case .unsupportedURL(let url): return "Headlines cannot fetch \(url)."
        case .redirectRefused(let from, let to):
            if to.lowercased().hasPrefix("file:") {
                return "\(from) redirected to the local file \(to), and a server may not redirect to a local file."
            }
            return "\(from) redirected to \(to), which Headlines cannot fetch."
        case .unsupportedEncoding(let host, let encoding):
            return "\(host) sent the body compressed as “\(encoding)”, which Headlines did not ask for."
        case .transport(let description): return "The request failed: \(description)."
        }
    }
}

extension NewsError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { message }
    public var description: String { message }
}

extension NewsError: ReadableError {}
