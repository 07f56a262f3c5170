import FoundationEssentials

extension HTTPClient {
    /// POSTs `body` to a feed server's API and returns the answer's body, at most `limit` bytes:
    /// what both sync clients send. A transport failure or an HTTP error status becomes
    /// `SyncError.network` naming `server`; the answer itself is the caller's to read.
    func postToServer(_ url: URL, body: Data, contentType: String, limit: Int, server: String) async throws -> Data {
        var request = HTTPRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.body = body
        let head: ResponseHead
        let data: Data
        do {
            (head, data) = try await fetch(request, limit: limit)
        } catch let error as NewsError {
            throw SyncError.network(server: server, failure: error)
        }
        guard head.isSuccess else {
            throw SyncError.network(server: server, failure: .http(status: head.status, code: nil, message: nil))
        }
        return data
    }
}
