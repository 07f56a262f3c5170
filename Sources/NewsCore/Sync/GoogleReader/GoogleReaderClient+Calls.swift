import FoundationEssentials

/// The calls: the login, the write token, and requests that carry them. A login or token the
/// server refuses (401) is fetched again once, by one call while the others wait for it.
extension GoogleReaderClient {
    /// GET `reader/api/0/PATH?QUERY` with the login; a 401 logs in again once.
    func read(_ path: String, _ query: [(String, String)], limit: Int) async throws -> Data {
        try await authorized(HTTPRequest(url: try address("reader/api/0/" + path, query)), limit: limit).data
    }

    /// POST `reader/api/0/PATH` (a read that takes `i=` in its body) with the login.
    func post(_ path: String, query: [(String, String)], form: [(String, String)], limit: Int) async throws -> Data {
        try await authorized(try formRequest("reader/api/0/" + path, query, form), limit: limit).data
    }

    /// POST a write with the login and the `T` token. A 401 fetches the token again once (and
    /// logs in again first when the token request is refused too); a second 401 is a sentence.
    func write(_ path: String, query: [(String, String)] = [], form: [(String, String)]) async throws -> Data {
        let first = try await writeToken()
        do {
            return try await send(try formRequest("reader/api/0/" + path, query, form + [("T", first.token)]), login: first.login, limit: Self.maxShortAnswer)
        } catch GoogleReaderFailure.unauthorized {
            forgetToken(first.token)
        }
        let second = try await writeToken()
        do {
            return try await send(try formRequest("reader/api/0/" + path, query, form + [("T", second.token)]), login: second.login, limit: Self.maxShortAnswer)
        } catch GoogleReaderFailure.unauthorized {
            throw SyncError.api(server: name, reason: "it refused the write token (T) for \(path) even after a new one was fetched")
        }
    }

    /// Sends `request` with the login, logging in first when there is none, and once more when
    /// the server refuses it. Returns the login used and the answer.
    private func authorized(_ request: HTTPRequest, limit: Int) async throws -> (login: String, data: Data) {
        let first = try await authorization()
        do {
            let data = try await send(request, login: first, limit: limit)
            return (first, data)
        } catch GoogleReaderFailure.unauthorized {
            forgetLogin(first)
        }
        let second = try await authorization()
        do {
            let data = try await send(request, login: second, limit: limit)
            return (second, data)
        } catch GoogleReaderFailure.unauthorized {
            throw SyncError.api(server: name, reason: "it refused the login it had just given")
        }
    }

    // MARK: - Login and token

    /// The login, after a ClientLogin when there is none (one at a time: others wait for it, and
    /// it stops only when all of them have left).
    func authorization() async throws -> String {
        if let login { return login }
        let ticket = pendingLogin.join { _ in Task { try await self.clientLogin() } }
        let result = await ticket.result()
        if pendingLogin.end(ticket.task), case .success(let value) = result {
            login = value
            logins += 1
        }
        return try result.get()
    }

    /// The write token and the login it goes with, fetched when there is none (one at a time, as the login).
    func writeToken() async throws -> (login: String, token: String) {
        if let token, token.login == login { return token }
        let ticket = pendingToken.join { _ in Task { try await self.fetchToken() } }
        let result = await ticket.result()
        if pendingToken.end(ticket.task), case .success(let value) = result {
            token = value
            tokenFetches += 1
        }
        return try result.get()
    }

    /// The server refused `login`: the next call logs in again (unless another has meanwhile).
    private func forgetLogin(_ refused: String) {
        guard login == refused else { return }
        login = nil
        token = nil
    }

    private func forgetToken(_ refused: String) {
        if token?.token == refused { token = nil }
    }

    /// `reader/api/0/token`: one line of text (FreshRSS: 57 characters).
    private func fetchToken() async throws -> (login: String, token: String) {
        let (login, data) = try await authorized(HTTPRequest(url: try address("reader/api/0/token", [])), limit: Self.maxShortAnswer)
        let text = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard let token = Self.headerSafe(text) else { throw invalid("its answer to token is not a token") }
        return (login, token)
    }

    /// `accounts/ClientLogin` with `Email` and `Passwd` in the body: the `Auth=` line of the answer.
    private nonisolated func clientLogin() async throws -> String {
        let request = try formRequest("accounts/ClientLogin", [], [("Email", user), ("Passwd", password)])
        let data: Data
        do {
            data = try await send(request, login: nil, limit: Self.maxShortAnswer)
        } catch GoogleReaderFailure.unauthorized {
            throw SyncError.wrongPassword(server: name)
        } catch SyncError.network(_, .http(403, _, _)) {
            throw SyncError.wrongPassword(server: name)
        }
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("Auth=") {
            if let auth = Self.headerSafe(String(line.dropFirst(5))) { return auth }
        }
        throw invalid(
            "its answer to ClientLogin has no Auth= line, so \(Sanitizer.clean(root, maxLength: 200)) may not be its Google Reader API (FreshRSS: …/api/greader.php)"
        )
    }

    /// `text` when it can go in a header: 1 to 4,096 visible ASCII characters.
    private static func headerSafe(_ text: String) -> String? {
        var text = Substring(text)
        while text.last == " " || text.last == "\r" { text.removeLast() }
        guard !text.isEmpty, text.utf8.count <= 4096, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else { return nil }
        return String(text)
    }

    // MARK: - Requests

    /// One request, with `login` in the `Authorization` header and the app's registration in
    /// `AppId` and `AppKey` (all dropped by a redirect to another origin). A 401 is
    /// `GoogleReaderFailure.unauthorized`; other failures are sentences.
    nonisolated func send(_ request: HTTPRequest, login: String?, limit: Int) async throws -> Data {
        var request = request
        if let login { request.setValue("GoogleLogin auth=" + login, forHTTPHeaderField: "Authorization") }
        if let app {
            request.setValue(app.id, forHTTPHeaderField: "AppId")
            request.setValue(app.key, forHTTPHeaderField: "AppKey")
        }
        let head: ResponseHead
        let data: Data
        do {
            (head, data) = try await http.fetch(request, limit: limit, sensitiveHeaders: ["Authorization", "AppId", "AppKey"])
        } catch let error as NewsError {
            throw SyncError.network(server: name, failure: error)
        }
        if head.status == 401 { throw GoogleReaderFailure.unauthorized }
        guard head.isSuccess else { throw SyncError.network(server: name, failure: .http(status: head.status, code: nil, message: nil)) }
        return data
    }

    nonisolated func address(_ path: String, _ query: [(String, String)]) throws -> URL {
        let text = root + "/" + path + (query.isEmpty ? "" : "?" + FormEncoding.encode(query))
        guard let url = URL(string: text) else { throw invalid("its address cannot take \(path)") }
        return url
    }

    nonisolated func formRequest(_ path: String, _ query: [(String, String)], _ form: [(String, String)]) throws -> HTTPRequest {
        var request = HTTPRequest(url: try address(path, query))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.body = Data(FormEncoding.encode(form).utf8)
        return request
    }
}

/// The one answer the calls deal with themselves.
enum GoogleReaderFailure: Error {
    case unauthorized
}
