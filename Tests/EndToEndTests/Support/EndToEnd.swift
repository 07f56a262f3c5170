import Foundation
import Testing
import TestSupport

/// All end-to-end suites nest in this one so they run one at a time: they start real
/// processes, and their deadlines (a disconnect seen within 500 ms) should not compete with
/// each other for the two cores.
@Suite(.serialized) enum EndToEnd {}

/// The real `headlines` binary in a tmux pane, with a private home and save folder.
final class HeadlinesSession {
    let tmux: TmuxSession
    let home: TemporaryFolder
    var saveFolder: URL { home.url.appendingPathComponent("saved", isDirectory: true) }

    /// `config`: the text of a config file placed in the private home before the program starts;
    /// `home`: a home prepared already (a cache a command run before filled), else a new one.
    init(
        _ arguments: [String], environment: [String: String] = [:], config: String? = nil, width: Int = 100, height: Int = 30,
        home: TemporaryFolder? = nil
    ) throws {
        self.home = try home ?? TemporaryFolder("e2e")
        let home = self.home
        if let config { try FeedFixtures.writeConfig(config, home: home.url) }
        var extra = HeadlinesBinary.environment(home: home.url, extra: environment)
        extra.removeValue(forKey: "PATH")
        let save = home.url.appendingPathComponent("saved", isDirectory: true).path
        tmux = try TmuxSession(
            command: [HeadlinesBinary.path, "--save-dir", save] + arguments,
            environment: extra, width: width, height: height
        )
    }

    /// Runs the binary to its end (`--refresh`, `--add`) in `home`, with the sessions' environment.
    static func run(
        _ arguments: [String], home: TemporaryFolder, environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) async throws -> ProcessResult {
        try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url, extra: environment))
            .run(timeout: timeout)
    }

    /// The cache file of a private home (`$HOME/.cache/headlines/cache.db`).
    static func cacheFile(_ home: TemporaryFolder) -> URL {
        home.url.appendingPathComponent(".cache/headlines/cache.db")
    }

    /// The app with `server` as its NewsAPI, and a key.
    convenience init(newsAPI server: LoopbackServer, environment: [String: String] = [:]) throws {
        try self.init(
            ["--newsapi-url", server.baseURL.absoluteString], environment: environment.merging(["NEWSAPI_KEY": "k"]) { mine, _ in mine }
        )
    }

    /// The app with `server` as its NewsAPI, once its first request has reached the server and the
    /// screen says it is loading.
    static func loading(from server: LoopbackServer) async throws -> HeadlinesSession {
        let session = try HeadlinesSession(newsAPI: server)
        #expect(await server.waitUntil(timeout: .seconds(10)) { $0.count == 1 })
        try await session.tmux.waitForText("Loading")
        return session
    }

    /// Files in the save folder (hidden temporary files included).
    func savedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: saveFolder.path)) ?? []).sorted()  // no folder yet: nothing saved
    }

    func close() {
        tmux.close()
        home.remove()
    }
}
