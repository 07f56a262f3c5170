import Foundation
import Testing
@testable import NewsCore
import TestSupport

@Suite("Diagnostic log")
struct DiagnosticLogTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("log") }

    private func lines(_ name: String = "headlines.log") throws -> [String] {
        let text = try String(contentsOf: folder.file(name), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Each line without its timestamp (checked on its own).
    private func bodies(_ name: String = "headlines.log") throws -> [String] {
        try lines(name).map { line in
            #expect(line.count > 25 && line.dropFirst(23).hasPrefix("Z "), "\(line)")
            return String(line.dropFirst(25))
        }
    }

    @Test func offRecordsNothingAndCreatesNoFile() async {
        let log = DiagnosticLog.off
        log.log(.error, "fetch", ["source": "x"])
        #expect(!log.records(.error))
        await log.flush()
        #expect(folder.names().isEmpty)
    }

    @Test func theFileIsCreatedPrivate() async throws {
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .info)
        log.log(.info, "start")
        await log.flush()
        let mode = try #require(FileManager.default.attributesOfItem(atPath: folder.file("headlines.log").path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
    }

    @Test func typedEventsWriteTheirFields() async throws {
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .debug)
        let url = try #require(URL(string: "https://feeds.example/rss"))
        log.fetch(source: "Example News", url: url, status: 200, bytes: 48_211, milliseconds: 87, outcome: .ok)
        log.fetch(source: "Slow", url: url, status: nil, bytes: 0, milliseconds: 60_000, outcome: .failed("feeds.example did not answer in time."))
        log.fetch(source: "Same", url: url, status: 304, bytes: 0, milliseconds: 5, outcome: .notModified)
        log.parse(source: "Example News", format: "rss", items: 48, skipped: [(reason: "no title", count: 2), (reason: "bad link", count: 1)])
        log.parse(source: "Clean", format: "atom", items: 3)
        log.config("key", ["origin": "NEWSAPI_KEY"])
        log.cache("served", ["source": "Example News", "age-s": "12"], level: .debug)
        await log.flush()
        #expect(
            try bodies() == [
                "info fetch source=\"Example News\" url=https://feeds.example/rss status=200 bytes=48211 ms=87 outcome=ok",
                "error fetch source=Slow url=https://feeds.example/rss status=- bytes=0 ms=60000 outcome=failed error=\"feeds.example did not answer in time.\"",
                "info fetch source=Same url=https://feeds.example/rss status=304 bytes=0 ms=5 outcome=not-modified",
                "info parse source=\"Example News\" format=rss items=48 skipped=3 why=\"no title: 2; bad link: 1\"",
                "info parse source=Clean format=atom items=3 skipped=0",
                "info config decision=key origin=NEWSAPI_KEY",
                "debug cache decision=served source=\"Example News\" age-s=12",
            ])
    }

    @Test(arguments: LogLevel.allCases)
    func levelsFilter(level: LogLevel) async throws {
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: level)
        for each in LogLevel.allCases { log.log(each, "event-\(each.name)") }
        await log.flush()
        let expected = LogLevel.allCases.filter { $0 <= level }.map { "\($0.name) event-\($0.name)" }
        #expect(try bodies() == expected)
        #expect(log.records(.error))
        #expect(log.records(.debug) == (level == .debug))
    }

    @Test func secretsNeverReachTheFile() async throws {
        let key = "0123456789abcdef0123456789abcdef"
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .debug, secrets: [key, "abc"])
        log.log(.info, "request", ["header": "X-Api-Key: \(key)", "note": "abc stays: too short to redact"])
        log.addSecrets(["later-secret"])
        log.log(.debug, "later", ["value": "later-secret"])
        await log.flush()
        let text = try String(contentsOf: folder.file("headlines.log"), encoding: .utf8)
        #expect(!text.contains(key))
        #expect(!text.contains("later-secret"))
        #expect(
            try bodies() == [
                "info request header=\"X-Api-Key: [redacted]\" note=\"abc stays: too short to redact\"",
                "debug later value=[redacted]",
            ])
    }

    @Test func escapeSequencesAreSanitised() async throws {
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .info)
        log.parse(source: "Evil\u{1B}]0;pwned\u{07}\u{1B}[31m Feed\r\nforged line", format: "rss", items: 1)
        await log.flush()
        let data = try Data(contentsOf: folder.file("headlines.log"))
        #expect(!data.contains(0x1B))
        #expect(!data.contains(0x07))
        #expect(try bodies() == ["info parse source=\"Evil Feed forged line\" format=rss items=1 skipped=0"])
    }

    @Test func concurrentCallersKeepTheirOwnOrderAndWholeLines() async throws {
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .info)
        let writers = 8, each = 250
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for sequence in 0..<each { log.log(.info, "tick", ["writer": String(writer), "n": String(sequence)]) }
                }
            }
        }
        await log.flush()
        let bodies = try bodies()
        #expect(bodies.count == writers * each)
        var next = [Int](repeating: 0, count: writers)
        for body in bodies {
            let parts = body.split(separator: " ")
            #expect(parts.count == 4 && parts[1] == "tick", "\(body)")
            guard parts.count == 4, let writer = Int(parts[2].dropFirst(7)), let sequence = Int(parts[3].dropFirst(2)) else { continue }
            #expect(sequence == next[writer], "writer \(writer) out of order")
            next[writer] = sequence + 1
        }
        #expect(next == [Int](repeating: each, count: writers))
    }

    @Test func flushWaitsForEveryEarlierLine() async throws {
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .info)
        for number in 0..<2_000 { log.log(.info, "line", ["n": String(number)]) }
        await log.flush()
        #expect(try lines().count == 2_000)
        #expect(await log.droppedLines() == 0)
    }

    @Test func aFolderOrMissingParentCannotBeTheLog() throws {
        let error = try #require(throws: LogError.self) { try DiagnosticLog.open(file: folder.url, level: .info) }
        #expect(error.path == folder.path)
        let missing = folder.file("no/such/folder/log")
        let other = try #require(throws: LogError.self) { try DiagnosticLog.open(file: missing, level: .info) }
        #expect(other.message == "Could not open the log \(missing.path): No such file or directory.")
    }

    /// A fetch the server answered with an error status logs that status, not `status=-`.
    @Test func aFailedFetchLogsTheStatusTheServerAnswered() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/feed.xml", ScriptedResponse(status: 418, body: .data(Data("short and stout".utf8))))
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .info)
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let source = DocumentSource(service: NewsService(http: HTTPClient(timeout: 5)), location: server.url("/feed.xml"), name: "Teapot")
        let error = await thrownError { try await SourceLoader(store: store, log: log).refresh(source) }
        #expect((error as? NewsError)?.httpStatus == 418)
        await log.flush()
        let fetch = try #require(try bodies().first { $0.hasPrefix("error fetch ") })
        #expect(fetch.contains(" status=418 "), "\(fetch)")
    }

    /// A failed NewsAPI fetch names the query it sent (the source says where it reads from),
    /// and never the key, which travels in a header.
    @Test func aFailedNewsAPIFetchLogsItsQueryWithoutTheKey() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/v2/top-headlines", ScriptedResponse(status: 500, body: .data(Data("down".utf8))))
        let log = try DiagnosticLog.open(file: folder.file("headlines.log"), level: .info)
        let store = try await ArticleStore.open(at: folder.file("cache.db"))
        let key = "k3y-n0t-f0r-the-l0g"
        let service = NewsService(baseURL: server.baseURL, apiKey: key, http: HTTPClient(timeout: 5))
        let source = NewsAPISource(service: service, request: .topHeadlines(country: "de"), name: "Wire")
        _ = await thrownError { try await SourceLoader(store: store, log: log).refresh(source) }
        await log.flush()
        let fetch = try #require(try bodies().first { $0.hasPrefix("error fetch ") })
        let query = try #require(NewsAPIRequest.topHeadlines(country: "de").url(base: server.baseURL))
        #expect(query.absoluteString.hasSuffix("/v2/top-headlines?country=de"))
        #expect(fetch.contains(" url=\"\(query.absoluteString)\" "), "\(fetch)")  // quoted: it holds an =
        #expect(!fetch.contains(key), "\(fetch)")
    }
}
