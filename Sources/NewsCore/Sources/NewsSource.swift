import Foundation

/// Anything Headlines can show: NewsAPI, a document at a URL or path, and (later) feeds.
public protocol NewsSource: Sendable {
    /// How the source is named in the status bar and in messages.
    var name: String { get }
    /// Fetches the current edition. Honours task cancellation; throws `CancellationError` then.
    func fetch() async throws -> Edition
}

/// A NewsAPI query, sent with the key.
public struct NewsAPISource: NewsSource {
    public let service: NewsService
    public let request: NewsAPIRequest

    public init(service: NewsService, request: NewsAPIRequest) {
        self.service = service
        self.request = request
    }

    public var name: String { request.displayName }
    public func fetch() async throws -> Edition { try await service.headlines(request) }
}

/// A feed (RSS, Atom, JSON Feed), a web page that names one, or a NewsAPI-shaped JSON document,
/// at an http(s) URL or a file path; never sent the key.
public struct DocumentSource: NewsSource {
    public let service: NewsService
    public let location: URL
    public let name: String

    public init(service: NewsService, location: URL, name: String? = nil) {
        self.service = service
        self.location = location
        self.name = name ?? (location.isFileURL ? location.lastPathComponent : (location.host ?? location.absoluteString))
    }

    public func fetch() async throws -> Edition { try await service.document(at: location) }
}
