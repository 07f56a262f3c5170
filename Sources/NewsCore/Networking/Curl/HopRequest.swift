import FoundationEssentials

/// What one hop of a transfer asks for: the method, the URL and the headers. A redirect makes
/// the next hop from this one (`RedirectPolicy`).
struct HopRequest: Sendable {
    var method: String
    var url: URL
    /// In the order given, names as given. Header values never hold CR or LF.
    var headers: [(name: String, value: String)]
    /// The request's body, when it has one (see `HTTPRequest.body`).
    var body: Data?

    /// Headers libcurl writes itself, from its own options.
    static let headersSetByUs: Set<String> = ["user-agent", "accept-encoding"]

    init(method: String, url: URL, headers: [(name: String, value: String)], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The parts of `request` we send (the method, the URL, the headers, the body).
    /// A header whose name or value could end the line (CR, LF) is dropped, not sent.
    init(_ request: HTTPRequest, url: URL) {
        let method = request.httpMethod.uppercased()
        var headers: [(name: String, value: String)] = []
        for (name, value) in request.headers.sorted(by: { $0.name < $1.name }) {
            guard !Self.headersSetByUs.contains(name.lowercased()), Self.isSafe(name), Self.isSafe(value), !name.isEmpty,
                !name.contains(":")
            else { continue }
            headers.append((name, value))
        }
        self.init(method: method.isEmpty ? "GET" : method, url: url, headers: headers, body: request.body)
    }

    /// The headers as libcurl takes them: `Name: value`, or `Name;` for an empty value (a bare
    /// `Name:` would tell libcurl to remove the header instead).
    var headerLines: [String] {
        headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
    }

    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }
}
