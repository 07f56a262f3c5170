import FoundationEssentials

/// The calls: one request to `URL/v1/…` signed with the account's token or password.
extension MinifluxClient {
    /// How the account signs each request: an API token (`X-Auth-Token`, Miniflux 2.0.21 and
    /// later) when the section gives no user, else the user and password (HTTP Basic).
    enum Credentials: Sendable {
        case token(String)
        case basic(user: String, password: String)

        init(user: String, secret: String) {
            self = user.isEmpty ? .token(secret) : .basic(user: user, password: secret)
        }

        var isToken: Bool {
            if case .token = self { return true }
            return false
        }
    }

    /// The API at `root/v1`, signed as `credentials` say; a refused token or password is one sentence.
    static func endpoint(name: String, root: String, credentials: Credentials, http: HTTPClient) -> RESTEndpoint {
        switch credentials {
        case .token(let token):
            return RESTEndpoint(
                server: name, base: root + "/v1", credential: ("X-Auth-Token", token), unauthorized: .wrongToken(server: name),
                errorKey: "error_message", http: http)
        case .basic(let user, let password):
            return RESTEndpoint(
                server: name, base: root + "/v1", credential: ("Authorization", RESTEndpoint.basic(user: user, password: password)),
                unauthorized: .wrongPassword(server: name), errorKey: "error_message", http: http)
        }
    }

    nonisolated func call(
        _ method: String, _ path: String, query: [(String, String)] = [], body: JSONRequestBody? = nil, limit: Int = MinifluxClient.maxShortAnswer,
        notFound: Bool = false
    ) async throws -> RESTEndpoint.Answer {
        try await endpoint.call(method, path, query: query, body: body, limit: limit, notFound: notFound)
    }

    nonisolated func getJSON(_ path: String, query: [(String, String)] = []) async throws -> JSONValue {
        try await endpoint.getJSON(path, query: query, limit: Self.maxShortAnswer)
    }

    nonisolated func parse(_ data: Data, _ what: String) throws -> JSONValue { try endpoint.parse(data, what) }

    nonisolated func invalid(_ reason: String) -> SyncError { endpoint.invalid(reason) }

    static func id(_ value: JSONValue?) -> Int64? { RESTEndpoint.id(value) }
}
