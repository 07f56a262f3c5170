import Foundation

/// A Fever API server on loopback: Coldsweat 0.10.2 (from PyPI, in a virtual environment kept
/// under `.build`), started by `coldsweat-up.sh`, as one of its accounts: a user subscribed to
/// `SyncTestFeeds`, fetched once (`account` makes another).
public struct FeverServer: Sendable {
    /// The Fever endpoint (`http://127.0.0.1:PORT/fever/`), what a user puts in the config.
    public let url: URL
    public let email: String
    public let password: String
    /// md5("email:password") in lower-case hex, as the API expects it.
    public let apiKey: String
    public let feeds: SyncTestFeeds
    /// The instance's data: `coldsweat.db`, `server.log`, `fetch.log`.
    public let dataFolder: URL

    /// Fetches every feed again now (Coldsweat skips feeds checked in the last 3 minutes and
    /// asks conditionally; the script clears both), so what the feeds serve by now is on the server.
    public func fetchFeeds() async throws {
        _ = try await SyncServerScripts.run("coldsweat-fetch.sh", [dataFolder.path], timeout: .seconds(120))
    }

    /// A new account `email` on this server (`coldsweat-account.sh`): the same feeds, its own marks.
    func account(_ email: String) async throws -> FeverServer {
        let script = "coldsweat-account.sh"
        let values = try await SyncServerScripts.run(
            script, [dataFolder.path, email, feeds.subscriptionFile.path], timeout: .seconds(120),
            environment: ["COLDSWEAT_PASSWORD": password])
        return FeverServer(
            url: url,
            email: try SyncServerScripts.value("FEVER_EMAIL", in: values, from: script),
            password: try SyncServerScripts.value("FEVER_PASSWORD", in: values, from: script),
            apiKey: try SyncServerScripts.value("FEVER_API_KEY", in: values, from: script),
            feeds: feeds, dataFolder: dataFolder
        )
    }

    static func start(in folder: URL, feeds: SyncTestFeeds) async throws -> FeverServer {
        let port = try SyncServerScripts.freePort()
        let script = "coldsweat-up.sh"
        // The first run on a machine builds the virtual environment (pip, from PyPI): minutes on a busy one.
        let values = try await SyncServerScripts.run(
            script, [String(port), folder.path, feeds.subscriptionFile.path], timeout: .seconds(600)
        )
        guard let url = URL(string: try SyncServerScripts.value("FEVER_URL", in: values, from: script)) else {
            throw SyncServerError.scriptFailed(script: script, detail: "it printed no FEVER_URL")
        }
        return FeverServer(
            url: url,
            email: try SyncServerScripts.value("FEVER_EMAIL", in: values, from: script),
            password: try SyncServerScripts.value("FEVER_PASSWORD", in: values, from: script),
            apiKey: try SyncServerScripts.value("FEVER_API_KEY", in: values, from: script),
            feeds: feeds, dataFolder: folder
        )
    }
}
