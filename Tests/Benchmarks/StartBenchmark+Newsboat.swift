import Foundation
import TestSupport

/// newsboat's start on the same items, for the start benchmark: its cache filled once with
/// `-x reload` from the loopback server, then its interactive start timed on the same kind of
/// pseudo-terminal to the moment its feed list (where it opens, its first list of headlines)
/// shows the feed's title, on the row with its "(unread/total)" count. It must start from its cache: the config says
/// `auto-reload no`, and the feed's route stalls after the fill, so that a reload would show
/// in the server's log (and fail the run) rather than pass unseen.
struct NewsboatStart {
    let path: String
    let document: Data
    let articles: Int
    let server: LoopbackServer

    struct Figures {
        /// "newsboat 2.21.0"
        var version: String
        /// What was looked for on its screen.
        var needle: String
        var warmUp: StartBenchmark.Run
        var runs: [StartBenchmark.Run]
        /// One line saying how its start from the cache was made sure of.
        var checks: String
        /// Its cache file's size after the reload that filled it.
        var cacheBytes: Int
    }

    @MainActor
    func measure(rounds: Int) async throws -> Figures {
        let route = "/newsboat-feed.xml"
        server.route(route, .bytes(document, contentType: "application/rss+xml"))
        let folder = try TemporaryFolder("bench-start-newsboat")
        let urls = folder.file("urls")
        try server.url(route).absoluteString.write(to: urls, atomically: true, encoding: .utf8)
        let config = folder.file("config")
        try "auto-reload no\nconfirm-exit no\n".write(to: config, atomically: true, encoding: .utf8)
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": folder.path,
            "XDG_CONFIG_HOME": folder.file("xdg-config").path, "XDG_DATA_HOME": folder.file("xdg-data").path,
        ]
        let files = ["-u", urls.path, "-c", folder.file("cache.db").path, "-C", config.path]
        func command(_ arguments: [String]) throws -> String {
            try ExternalCommand.output("env", ["-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [path] + arguments)
        }
        let version = try command(["--version"]).split(separator: "\n").first.map { String($0.split(separator: " - ").first ?? $0) } ?? "newsboat"
        _ = try command(["-x", "reload"] + files)
        let cacheBytes = StartBenchmark.cacheBytes(folder.file("cache.db"))
        let unread = try command(["-x", "print-unread"] + files).trimmingCharacters(in: .whitespacesAndNewlines)
        guard unread.hasPrefix("\(articles) ") else {
            throw BenchmarkFailure("newsboat's cache does not hold the \(articles) items after -x reload: print-unread says “\(unread)”")
        }
        // From here a reload would hang, and the request log would show it.
        server.route(route, ScriptedResponse(action: .hang))
        let fetched = server.requests(path: route).count

        // Its count, "(10000/10000)", reaches the terminal with its zeros as a repeat escape.
        let needle = "Example News & Views"
        let warmUp = try await StartBenchmark.start(path, files, environment: environment, lookingFor: needle)
        var runs: [StartBenchmark.Run] = []
        for _ in 0..<rounds { runs.append(try await StartBenchmark.start(path, files, environment: environment, lookingFor: needle)) }
        let reloads = server.requests(path: route).count - fetched
        guard reloads == 0 else {
            throw BenchmarkFailure("newsboat asked for its feed \(reloads) times while starting: its figure would not be a start from its cache")
        }
        return Figures(
            version: version, needle: needle, warmUp: warmUp, runs: runs,
            checks: "newsboat's cache was filled once by -x reload (print-unread: “\(unread)”); config auto-reload no; "
                + "its feed then stalled, and none of its \(rounds + 1) starts asked for it",
            cacheBytes: cacheBytes)
    }
}
