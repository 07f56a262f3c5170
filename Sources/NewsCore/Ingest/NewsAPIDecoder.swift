import FoundationEssentials

/// Decodes NewsAPI responses (`/v2/top-headlines`, `/v2/everything`) and documents of the
/// same shape. Lossy on purpose: each article is decoded on its own and a bad one is
/// counted and skipped, never allowed to lose the rest.
public enum NewsAPIDecoder {
    /// NewsAPI's error body: `{"status":"error","code":"apiKeyInvalid","message":"..."}`.
    /// Codes stay strings: NewsAPI adds new ones.
    public struct ErrorBody: Sendable, Equatable {
        public var code: String?
        public var message: String?
    }

    public static func decode(_ data: Data, baseURL: URL? = nil) throws(NewsError) -> Edition {
        switch try read(data, baseURL: baseURL) {
        case .edition(let edition): return edition
        case .jsonFeed: throw .invalidDocument(noArticles)
        }
    }

    /// What a JSON document turned out to be: a news response decoded, or a JSON Feed (its
    /// `version` says so), which `JSONFeedDecoder` reads from the parsed tree instead.
    enum Reading {
        case edition(Edition)
        case jsonFeed
    }

    /// Reads a JSON document front to back (`JSONParser.read`): the members of each article
    /// that make it are kept as strings as they are read, and no tree of the document is built.
    static func read(_ data: some ContiguousBytes, baseURL: URL?) throws(NewsError) -> Reading {
        let outcome: Result<Response, JSONParser.SyntaxError> = data.withUnsafeBytes { raw in
            do throws(JSONParser.SyntaxError) {
                return .success(
                    try JSONParser.read(raw.bindMemory(to: UInt8.self)) { parser throws(JSONParser.SyntaxError) in
                        try Response(reading: &parser, baseURL: baseURL)
                    })
            } catch {
                return .failure(error)
            }
        }
        let response: Response
        switch outcome {
        case .success(let read): response = read
        case .failure(let error): throw documentError(error)
        }
        if response.isJSONFeed { return .jsonFeed }
        if let kind = response.otherRoot {
            throw .invalidDocument("it is not a news document (its JSON is \(kind), not an object with a list of articles)")
        }
        if response.status == "error" {
            throw .api(
                code: Sanitizer.cleanOptional(response.code, maxLength: TextLimits.name),
                message: Sanitizer.cleanOptional(response.message, maxLength: TextLimits.description))
        }
        guard let articles = response.articles else { throw .invalidDocument(noArticles) }
        return .edition(Edition(articles: articles, skipped: response.skipped, totalResults: response.totalResults))
    }

    static let noArticles = "it is not a news document (its JSON object has no list of articles)"

    /// The JSON of a document, or why it is not a document.
    static func parse(_ data: Data) throws(NewsError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw documentError(error)
        }
    }

    /// Why a document's JSON could not be read: valid JSON nested past the parser's depth is
    /// named as such, never called invalid.
    private static func documentError(_ error: JSONParser.SyntaxError) -> NewsError {
        if error.reason == JSONParser.tooDeep {
            return .invalidDocument("it is not a news document (its JSON is nested more than \(JSONParser.maximumDepth) levels deep)")
        }
        return .invalidDocument("it is not valid JSON (\(error.reason) at byte \(error.offset))")
    }

    /// The error form, when `data` is one; nil otherwise. Used for HTTP error responses.
    public static func errorBody(_ data: Data) -> ErrorBody? {
        guard let root = try? JSONParser.parse(data) else { return nil }  // not JSON: no NewsAPI detail to add
        return errorBody(root)
    }

    static func errorBody(_ root: JSONValue) -> ErrorBody? {
        guard root["status"]?.string == "error" else { return nil }
        return ErrorBody(
            code: Sanitizer.cleanOptional(root["code"]?.text, maxLength: TextLimits.name),
            message: Sanitizer.cleanOptional(root["message"]?.string, maxLength: TextLimits.description)
        )
    }
}
