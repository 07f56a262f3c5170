import Foundation

/// A Tiny Tiny RSS server on loopback (Debian's tt-rss under PHP's built-in web server, with a
/// private PostgreSQL), started by `ttrss-up.sh`, as one of its accounts: a user with the API on,
/// subscribed to `SyncTestFeeds` and updated once (`account` makes another).
public struct TinyTinyRSSServer: Sendable {
    /// The server's root (`http://127.0.0.1:PORT/`), what a user puts in the config.
    public let url: URL
    /// The JSON API's endpoint (`url` + `api/`).
    public let apiURL: URL
    public let user: String
    public let password: String
    public let feeds: SyncTestFeeds
    /// The instance's data: `update.log`, `php-server.log`, `pg/`, `www/`.
    public let dataFolder: URL

    /// Updates this account's feeds again now (`update.php --update-feed`), so what the feeds
    /// serve by now is on the server when this returns.
    public func updateFeeds() async throws {
        _ = try await SyncServerScripts.run("ttrss-fetch.sh", [dataFolder.path, user], timeout: .seconds(120))
    }

    /// A new account `login` on this server (`ttrss-account.sh`): the same feeds, its own marks.
    func account(_ login: String) async throws -> TinyTinyRSSServer {
        let script = "ttrss-account.sh"
        let values = try await SyncServerScripts.run(
            script, [dataFolder.path, login, feeds.subscriptionFile.path], timeout: .seconds(120),
            environment: ["TTRSS_PASSWORD": password])
        return TinyTinyRSSServer(
            url: url, apiURL: apiURL,
            user: try SyncServerScripts.value("TTRSS_LOGIN", in: values, from: script),
            password: try SyncServerScripts.value("TTRSS_PASSWORD", in: values, from: script),
            feeds: feeds, dataFolder: dataFolder
        )
    }

    static func start(in folder: URL, feeds: SyncTestFeeds) async throws -> TinyTinyRSSServer {
        let port = try SyncServerScripts.freePort()
        let script = "ttrss-up.sh"
        let values = try await SyncServerScripts.run(
            script, [String(port), folder.path, feeds.subscriptionFile.path], timeout: .seconds(300)
        )
        guard let url = URL(string: try SyncServerScripts.value("TTRSS_URL", in: values, from: script)),
            let apiURL = URL(string: try SyncServerScripts.value("TTRSS_API", in: values, from: script))
        else { throw SyncServerError.scriptFailed(script: script, detail: "it printed no URL") }
        return TinyTinyRSSServer(
            url: url, apiURL: apiURL,
            user: try SyncServerScripts.value("TTRSS_LOGIN", in: values, from: script),
            password: try SyncServerScripts.value("TTRSS_PASSWORD", in: values, from: script),
            feeds: feeds, dataFolder: folder
        )
    }
}
