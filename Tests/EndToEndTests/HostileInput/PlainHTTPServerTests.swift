import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A server's password (here Fever's key) to an http:// address: said once per server and
    /// run, in the status bar and the log, on stderr for `--print` and `--refresh`; refused before
    /// any request with `require-https = yes` (issue 28).
    @Suite struct PlainHTTPServer {
        static let warning = "The server Home's password travels unencrypted over http://; use https:// (or require-https = yes to refuse)."

        static func config(_ server: HostileFever, requireHTTPS: Bool? = nil) -> String {
            (requireHTTPS.map { "require-https = \($0 ? "yes" : "no")\n" } ?? "")
                + """
                [server "Home"]
                kind = fever
                url = \(server.url.absoluteString)
                user = reader
                password-command = printf %s secret
                """
        }

        private func occurrences(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

        @Test func printAndRefreshSayItOnceOnStderrAndInTheLog() async throws {
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            let server = try HostileFever(.honest(feed: "Feed", items: 3, delay: .zero))
            defer { server.server.stop() }
            try FeedFixtures.writeConfig(Self.config(server), home: home.url)
            for arguments in [["--print"], ["--refresh"]] {
                let log = home.file("log-\(arguments[0].dropFirst(2))")
                let result = try await HeadlinesSession.run(arguments + ["--log", log.path], home: home)
                #expect(result.status == 0, "\(arguments): \(result.stderrText)")
                #expect(result.stderrText == "headlines: \(Self.warning)\n", "\(arguments)")
                let logged = try String(contentsOf: log, encoding: .utf8)
                #expect(occurrences(logged, "decision=plain-http") == 1, "\(logged)")
                #expect(!logged.contains("secret"))
            }
        }

        @Test func requireHTTPSRefusesWithOneSentenceAndTheServerHearsNothing() async throws {
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            let server = try HostileFever(.honest(feed: "Feed", items: 3, delay: .zero))
            defer { server.server.stop() }
            try FeedFixtures.writeConfig(Self.config(server, requireHTTPS: true), home: home.url)
            for arguments in [["--print"], ["--refresh"]] {
                let result = try await HeadlinesSession.run(arguments, home: home)
                #expect(result.status == 1, "\(arguments): \(result.stderrText)")
                #expect(
                    result.stderrText
                        == "headlines: The server Home has an http:// address and require-https = yes, so its password was not sent: use https://.\n",
                    "\(arguments)")
            }
            #expect(server.server.requests.isEmpty)
            #expect(server.server.maxConcurrentConnections == 0)
        }

        @Test func theInterfaceSaysItInTheStatusBarAndTheLogOnce() async throws {
            let server = try HostileFever(.honest(feed: "Feed", items: 3, delay: .zero))
            defer { server.server.stop() }
            let home = try TemporaryFolder("e2e")
            let log = home.file("headlines.log")
            let session = try HeadlinesSession(["--log", log.path], config: Self.config(server), width: 160, home: home)
            defer { session.close() }
            _ = try await session.tmux.waitForText(Self.warning, timeout: .seconds(20))
            // A second sync (R) says nothing more.
            _ = try await session.tmux.waitForText("Feed", timeout: .seconds(20))
            let synced = server.count("items")
            try session.tmux.sendKeys("R")
            #expect(await eventually(timeout: .seconds(20), interval: .milliseconds(100)) { server.count("items") > synced })
            try session.tmux.sendKeys("q")
            _ = try await session.tmux.waitForExit(timeout: .seconds(20))
            let logged = try String(contentsOf: log, encoding: .utf8)
            #expect(occurrences(logged, "decision=plain-http") == 1, "\(logged)")
        }
    }
}
