import FoundationEssentials

/// A NewsAPI query: `/v2/top-headlines` or `/v2/everything` with its parameters.
public struct NewsAPIRequest: Sendable, Hashable {
    public enum Endpoint: String, Sendable, Hashable {
        case topHeadlines = "top-headlines"
        case everything
    }

    public var endpoint: Endpoint
    public var country: String?
    public var category: String?
    public var sources: String?
    public var query: String?
    public var pageSize: Int?
    public var page: Int?

    public init(
        endpoint: Endpoint = .topHeadlines, country: String? = nil, category: String? = nil,
        sources: String? = nil, query: String? = nil, pageSize: Int? = nil, page: Int? = nil
    ) {
        self.endpoint = endpoint
        self.country = country
        self.category = category
        self.sources = sources
        self.query = query
        self.pageSize = pageSize
        self.page = page
    }

    /// Top headlines; NewsAPI needs one of country, category, sources or query, so a bare
    /// request asks for the United States edition.
    public static func topHeadlines(
        country: String? = nil, category: String? = nil, sources: String? = nil, query: String? = nil, pageSize: Int? = nil
    ) -> NewsAPIRequest {
        let needsDefault = country == nil && category == nil && sources == nil && query == nil
        return NewsAPIRequest(
            endpoint: .topHeadlines, country: needsDefault ? "us" : country, category: category,
            sources: sources, query: query, pageSize: pageSize
        )
    }

    public static func everything(query: String, pageSize: Int? = nil) -> NewsAPIRequest {
        NewsAPIRequest(endpoint: .everything, query: query, pageSize: pageSize)
    }

    /// The endpoint appended to `base`: a base of `http://host/proxy` gives `http://host/proxy/v2/top-headlines`.
    public func url(base: URL) -> URL? {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: true)
        let basePath = components?.path ?? ""
        let trimmed = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        components?.path = trimmed + "/v2/" + endpoint.rawValue
        var items: [URLQueryItem] = []
        // NewsAPI refuses sources together with country or category: sources win.
        if let sources {
            items.append(URLQueryItem(name: "sources", value: sources))
        } else {
            if let country { items.append(URLQueryItem(name: "country", value: country)) }
            if let category { items.append(URLQueryItem(name: "category", value: category)) }
        }
        if let query { items.append(URLQueryItem(name: "q", value: query)) }
        if let pageSize { items.append(URLQueryItem(name: "pageSize", value: String(pageSize))) }
        if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
        components?.queryItems = items.isEmpty ? nil : items
        // URLComponents leaves "+" alone, but servers read it as a space in a query.
        if let query = components?.percentEncodedQuery { components?.percentEncodedQuery = query.replacing("+", with: "%2B") }
        return components?.url
    }

    /// How the source is named in the status bar.
    public var displayName: String {
        switch endpoint {
        case .everything: return "NewsAPI: “\(query ?? "")”"
        case .topHeadlines:
            var parts: [String] = []
            if let sources { parts.append(sources) }
            if let country { parts.append(country.uppercased()) }
            if let category { parts.append(category) }
            if let query { parts.append("“\(query)”") }
            return "NewsAPI top headlines" + (parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")")
        }
    }
}
