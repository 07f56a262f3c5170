import FoundationEssentials

/// The client for a configured server, its password read first (see `ServerPassword`), once
/// `ServerTransport` allows it to go to the server's address.
public enum SyncClients {
    public static func make(for server: ServerConfig, environment: [String: String], http: HTTPClient) async throws(SyncError) -> any SyncClient {
        try ServerTransport.check(server)
        let password = try await ServerPassword.resolve(server, environment: environment)
        switch server.kind {
        case .ttrss:
            return TinyTinyRSSClient(name: server.name, url: server.url, user: server.user, password: password, http: http)
        case .fever:
            return FeverClient(name: server.name, url: server.url, user: server.user, password: password, http: http)
        case .greader, .freshrss, .inoreader:
            return GoogleReaderClient(
                name: server.name, url: GoogleReaderClient.apiRoot(server.kind, server.url), user: server.user, password: password,
                app: server.app, http: http)
        case .miniflux:
            return MinifluxClient(name: server.name, url: server.url, user: server.user, secret: password, http: http)
        case .nextcloud:
            return NextcloudNewsClient(name: server.name, url: server.url, user: server.user, password: password, http: http)
        }
    }
}
