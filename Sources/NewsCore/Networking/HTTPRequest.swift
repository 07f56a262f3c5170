import FoundationEssentials

/// What a transfer asks for: a method, a URL, headers and, for the sync servers' APIs, a body. Our
/// own value rather than FoundationNetworking's `URLRequest`, whose library (and its libcurl
/// bridge) NewsCore would otherwise load for nothing: transfers go through libcurl directly.
public struct HTTPRequest: Sendable {
    public var url: URL
    public var httpMethod = "GET"
    /// Names as first given; one value per name, whatever its case.
    public private(set) var headers: [(name: String, value: String)] = []
    /// Sent as is (a POST's JSON or form); dropped by a redirect that turns the request into a GET
    /// or leaves the origin, so that a password in it reaches no other server.
    public var body: Data?

    public init(url: URL) {
        self.url = url
    }

    /// Sets a header, replacing any value it had under any case of its name; nil removes it.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        let index = headers.firstIndex { $0.name.lowercased() == name.lowercased() }
        switch (index, value) {
        case (let index?, let value?): headers[index].value = value
        case (let index?, nil): headers.remove(at: index)
        case (nil, let value?): headers.append((name, value))
        case (nil, nil): break
        }
    }

    /// The value of a header, whatever the case of its name.
    public func value(forHTTPHeaderField name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
