import FoundationEssentials

/// Collects the lines of one `[source "Name"]` section and checks them as a whole when it ends.
struct SourceSectionBuilder {
    static let keys = ["url", "newsapi", "country", "category", "query", "group", "site", "tags", "ignore", "max-items", "full-text"]
    static let categories = Set(NewsAPIFilters.categories)

    let name: String
    let line: Int
    private var location: (url: URL, line: Int)?
    private var endpoint: (value: NewsAPIRequest.Endpoint, line: Int)?
    private var country: (value: String, line: Int)?
    private var category: (value: String, line: Int)?
    private var query: (value: String, line: Int)?
    private var group: String?
    private var site: URL?
    private var tags: [String] = []
    private var ignore: ArticleFilter?
    private var maxItems: Int?
    private var fullText: Bool?
    private var given: SectionKeys

    init(name: String, line: Int) {
        self.name = name
        self.line = line
        given = SectionKeys(kind: "source", keys: Self.keys, name: name)
    }

    mutating func set(_ key: String, value: String, line: Int, paths: ConfigPathResolver) throws(LineError) {
        try given.check(key, line: line)
        switch key {
        case "url":
            location = (try ConfigLocation.parse(value, paths: paths), line)
        case "newsapi":
            guard let parsed = NewsAPIRequest.Endpoint(rawValue: value.lowercased()) else {
                throw LineError("newsapi is top-headlines or everything, not \(ConfigText.quoted(value))")
            }
            endpoint = (parsed, line)
        case "country":
            let lower = value.lowercased()
            guard lower.count == 2, lower.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw LineError("country is a two-letter code such as us, gb or de, not \(ConfigText.quoted(value))")
            }
            country = (lower, line)
        case "category":
            let lower = value.lowercased()
            guard Self.categories.contains(lower) else {
                throw LineError(
                    "category is one of \(Self.categories.sorted().joined(separator: ", ")), not \(ConfigText.quoted(value))"
                )
            }
            category = (lower, line)
        case "query":
            let cleaned = Sanitizer.clean(value, maxLength: 500)
            guard !cleaned.isEmpty else { throw LineError("query is empty") }
            query = (cleaned, line)
        case "group":
            let cleaned = Sanitizer.clean(value, maxLength: TextLimits.name)
            guard !cleaned.isEmpty else { throw LineError("group is empty") }
            group = cleaned
        case "tags":
            tags = Self.tags(value)
        case "ignore":
            ignore = try SettingsTable.filter(value, "ignore")
        case "max-items":
            maxItems = try SettingsTable.maxItems(value)
        case "full-text":
            fullText = try SettingsTable.flag(value, "full-text")
        default:  // "site"
            site = try ConfigLocation.webURL(value)
        }
    }

    /// `tags = a, b c, d`: comma-separated, each trimmed and cleaned, empty ones dropped.
    static func tags(_ value: String) -> [String] {
        value.split(separator: ",").map { Sanitizer.clean(String($0), maxLength: TextLimits.name) }.filter { !$0.isEmpty }
    }

    /// How `tags` are written: commas separate them, so a comma inside one becomes a space.
    static func tagsValue(_ tags: [String]) -> String {
        tags.map { $0.replacing(",", with: " ").trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The source with its own kill rule and `max-items`.
    private func rules(_ source: SourceConfig) -> SourceConfig {
        var source = source
        source.ignore = ignore
        source.maxItems = maxItems
        source.fullText = fullText
        return source
    }

    /// The finished source, or the line and reason of what is missing or contradictory.
    func build() throws(ConfigLineError) -> SourceConfig {
        let quotedName = ConfigText.quoted(name)
        switch (location, endpoint) {
        case (nil, nil):
            throw ConfigLineError(line, "source \(quotedName) has neither url nor newsapi: give one of them")
        case (let location?, let endpoint?):
            throw ConfigLineError(max(location.line, endpoint.line), "source \(quotedName) has both url and newsapi: choose one")
        case (let location?, nil):
            if let stray = [country?.line, category?.line, query?.line].compactMap({ $0 }).min() {
                throw ConfigLineError(stray, "country, category and query go with newsapi, not with url")
            }
            return rules(SourceConfig(name: name, kind: .location(location.url), group: group, site: site, tags: tags, line: line))
        case (nil, let endpoint?):
            let request: NewsAPIRequest
            switch endpoint.value {
            case .everything:
                if let stray = [country?.line, category?.line].compactMap({ $0 }).min() {
                    throw ConfigLineError(stray, "newsapi = everything takes a query only, not country or category")
                }
                guard let query else { throw ConfigLineError(endpoint.line, "newsapi = everything needs a query") }
                request = .everything(query: query.value)
            case .topHeadlines:
                request = .topHeadlines(country: country?.value, category: category?.value, query: query?.value)
            }
            return rules(SourceConfig(name: name, kind: .newsAPI(request), group: group, site: site, tags: tags, line: line))
        }
    }
}

/// A `LineError` that also knows its line, for checks that span several lines.
struct ConfigLineError: Error {
    let line: Int
    let reason: String
    init(_ line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }
}
