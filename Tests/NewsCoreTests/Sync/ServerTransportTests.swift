import Foundation
import Synchronization
import Testing
@testable import NewsCore
import TestSupport

/// A server's password (TT-RSS's, Fever's key) over http://: said once per server and run, or
/// refused before anything is sent with `require-https = yes` (issue 28).
@Suite struct ServerTransportTests {
    private func config(_ url: URL, kind: ServerConfig.Kind = .fever, requireHTTPS: Bool, password: ServerConfig.PasswordSource = .inline("p"))
        -> ServerConfig
    {
        ServerConfig(name: "Home", kind: kind, url: url, user: "u", password: password, requireHTTPS: requireHTTPS)
    }

    @Test func requireHTTPSRefusesAnHTTPServerBeforeAnyRequestOrCommand() async throws {
        let folder = try TemporaryFolder("transport")
        let ran = folder.file("ran")
        for kind in ServerConfig.Kind.allCases {
            let server = try HostileFever(.honest(feed: "Feed", items: 3, delay: .zero))
            let store = try await ArticleStore.open(at: folder.file("\(kind).db"))
            let warnings = Warnings()
            // The password-command would leave a file: it must not even run.
            let command = ServerConfig.PasswordSource.command(["sh", "-c", "touch '\(ran.path)'; echo p"])
            let sync = ServerSync(
                config: config(server.url, kind: kind, requireHTTPS: true, password: command), store: store,
                http: HTTPClient(timeout: 10, deadline: 30), environment: [:], warn: { warnings.add($0) })
            let error = await #expect(throws: SyncError.insecure(server: "Home")) { try await sync.sync() }
            #expect(
                error?.message == "The server Home has an http:// address and require-https = yes, so its password was not sent: use https://.")
            #expect(server.server.requests.isEmpty)
            #expect(server.server.maxConcurrentConnections == 0)
            #expect(!FileManager.default.fileExists(atPath: ran.path))
            #expect(warnings.all.isEmpty)
        }
    }

    @Test func anHTTPServerIsWarnedOfOncePerRunAndStillSynced() async throws {
        let server = try HostileFever(.honest(feed: "Feed", items: 3, delay: .zero))
        let folder = try TemporaryFolder("transport")
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let warnings = Warnings()
        let sync = ServerSync(
            config: config(server.url, requireHTTPS: false), store: store, http: HTTPClient(timeout: 10, deadline: 30), environment: [:],
            warn: { warnings.add($0) })
        #expect(try await sync.sync().newArticles == 3)
        _ = try await sync.sync()
        #expect(warnings.all == ["The server Home's password travels unencrypted over http://; use https:// (or require-https = yes to refuse)."])
    }

    @Test func anHTTPSServerIsNeitherWarnedOfNorRefused() throws {
        let secure = config(URL(string: "https://rss.example.com/")!, requireHTTPS: true)
        #expect(ServerTransport.warning(for: secure) == nil)
        #expect(throws: Never.self) { try ServerTransport.check(secure) }
        #expect(ServerTransport.warning(for: config(URL(string: "HTTP://rss.example.com/")!, requireHTTPS: false)) != nil)
    }
}

/// The sentences a `ServerSync` was told, from whatever thread.
private final class Warnings: Sendable {
    private let sentences = Mutex<[String]>([])
    func add(_ sentence: String) { sentences.withLock { $0.append(sentence) } }
    var all: [String] { sentences.withLock { $0 } }
}
