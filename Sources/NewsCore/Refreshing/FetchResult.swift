import FoundationEssentials

/// What one conditional fetch of a source brought: a new edition, or word that nothing changed
/// since the validators sent; with the validators to send next time and what the transfer was,
/// for the diagnostic log.
public struct FetchResult: Sendable {
    public enum Body: Sendable {
        case edition(Edition)
        /// 304 Not Modified: the edition the validators stand for is still current.
        case notModified
    }

    public var body: Body
    /// The response's validators (the ones sent, when a 304 repeats none).
    public var validators: HTTPValidators
    /// The HTTP status; nil for a local file.
    public var status: Int?
    /// Body bytes received.
    public var bytes: Int
    /// Where the document came from, after redirects (and after a page's feed link).
    public var url: URL
    /// Whether a web page led to the document: the cache remembers its feed.
    public var route: FeedRoute

    public init(
        body: Body, validators: HTTPValidators = HTTPValidators(), status: Int? = nil, bytes: Int = 0, url: URL,
        route: FeedRoute = .direct
    ) {
        self.body = body
        self.validators = validators
        self.status = status
        self.bytes = bytes
        self.url = url
        self.route = route
    }

    /// The edition, when one came.
    public var edition: Edition? {
        if case .edition(let edition) = body { return edition }
        return nil
    }
}

extension FetchResult {
    /// The edition, or an error when a plain (unconditional) request was answered "not modified".
    func requireEdition() throws -> Edition {
        guard let edition else { throw NewsError.invalidDocument("the server answered “not modified” to a plain request") }
        return edition
    }
}

extension DocumentResponse {
    /// The result of a 304: nothing to decode.
    var notModified: FetchResult { FetchResult(body: .notModified, validators: validators, status: status, bytes: 0, url: url) }

    /// The result of a body decoded into `edition`.
    func outcome(_ edition: Edition) -> FetchResult {
        FetchResult(body: .edition(edition), validators: validators, status: status, bytes: body?.count ?? 0, url: url)
    }
}
