import FoundationEssentials

/// One JSON REST API's calls (Miniflux's `v1/`, Nextcloud News' `v1-3/`): each request signed with
/// the same header, its answer checked the same way. A refused credential (401) is the API's own
/// sentence (`unauthorized`); an error answer is one sentence with the API's message (under
/// `errorKey`); a transport failure or a server error is `SyncError.network`.
struct RESTEndpoint: Sendable {
    /// An answer's status and body.
    struct Answer: Sendable {
        var status: Int
        var data: Data
    }

    /// The config's name for the server, for messages.
    let server: String
    /// The API's base address, without a trailing slash: paths are appended after a `/`.
    let base: String
    /// The header every request carries (`Authorization: Basic …`, `X-Auth-Token: …`), never
    /// sent on to another origin by a redirect.
    let credential: (name: String, value: String)
    let unauthorized: SyncError
    /// Where an error answer's JSON says what went wrong.
    let errorKey: String
    let http: HTTPClient

    /// HTTP Basic's header value for `user` and `password`.
    static func basic(user: String, password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// `METHOD BASE/PATH?QUERY` with `body` as JSON, its answer at most `limit` bytes. With
    /// `notFound`, a 404 is returned rather than thrown (an item the server no longer has).
    func call(
        _ method: String, _ path: String, query: [(String, String)] = [], body: JSONRequestBody? = nil, limit: Int, notFound: Bool = false
    ) async throws -> Answer {
        let text = base + "/" + path + (query.isEmpty ? "" : "?" + FormEncoding.encode(query))
        guard let url = URL(string: text) else { throw invalid("its address cannot take \(path)") }
        var request = HTTPRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(credential.value, forHTTPHeaderField: credential.name)
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.body = body.data
        }
        let head: ResponseHead
        let data: Data
        do {
            (head, data) = try await http.fetch(request, limit: limit, sensitiveHeaders: [credential.name])
        } catch let error as NewsError {
            throw SyncError.network(server: server, failure: error)
        }
        if head.isSuccess || (notFound && head.status == 404) { return Answer(status: head.status, data: data) }
        switch head.status {
        case 401:
            throw unauthorized
        case 400..<500:
            let message = errorMessage(data)
            throw SyncError.api(server: server, reason: "\(method) \(path) failed with HTTP \(head.status)" + (message.isEmpty ? "" : " (\(message))"))
        default:
            throw SyncError.network(server: server, failure: .http(status: head.status, code: nil, message: nil))
        }
    }

    /// `GET` of a JSON answer.
    func getJSON(_ path: String, query: [(String, String)] = [], limit: Int) async throws -> JSONValue {
        try parse(try await call("GET", path, query: query, limit: limit).data, path)
    }

    /// `data` as JSON, or a sentence saying which answer was not.
    func parse(_ data: Data, _ what: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw invalid("its answer to \(what) is not JSON (\(error.reason) at byte \(error.offset))")
        }
    }

    /// The message of an error answer; empty when it has none (a proxy's HTML page).
    func errorMessage(_ data: Data) -> String {
        do {
            return Sanitizer.clean(try JSONParser.parse(data)[errorKey]?.string ?? "", maxLength: 200)
        } catch {
            return ""
        }
    }

    func invalid(_ reason: String) -> SyncError { .invalidResponse(server: server, reason: reason) }

    /// An id: a positive whole number, as a number or a string (both APIs' ids are serials).
    static func id(_ value: JSONValue?) -> Int64? {
        guard let text = value?.text, let id = Int64(text), id > 0 else { return nil }
        return id
    }

    /// `url` without its query, fragment and trailing slashes.
    static func root(_ url: URL) -> String {
        var text = url.absoluteString
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
