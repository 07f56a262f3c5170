import FoundationEssentials

/// A NewsAPI query, sent with the key.
public struct NewsAPISource: FetchedSource {
    public let service: NewsService
    public let request: NewsAPIRequest
    public let name: String

    public init(service: NewsService, request: NewsAPIRequest, name: String? = nil) {
        self.service = service
        self.request = request
        self.name = name ?? request.displayName
    }

    /// `newsapi:<base>/v2/<endpoint>?<parameters>`: the request without the key.
    public var key: SourceKey { SourceKey("newsapi:" + (request.url(base: service.baseURL)?.absoluteString ?? request.displayName)) }
    public var host: String? { service.baseURL.host }
    /// The query's URL (the key travels in a header, never in it).
    public var location: URL { request.url(base: service.baseURL) ?? service.baseURL }

    public func fetch(validators: HTTPValidators?) async throws -> FetchResult {
        let response = try await service.headlines(request, validators: validators)
        guard let body = response.body else { return response.notModified }
        return response.outcome(try DocumentDecoder.decode(body, baseURL: response.url))
    }

    /// NewsAPI's `everything`: the Search screen asks it beside the cache.
    public var search: SourceSearch? {
        let service = self.service
        return SourceSearch(serviceName: "NewsAPI") { NewsAPISource(service: service, request: .everything(query: $0, pageSize: 50)) }
    }
}
