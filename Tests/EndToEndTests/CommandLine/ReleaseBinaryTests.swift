import Foundation
import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// The release suite: what people do with the binary they install, run against the binary
    /// `make test` built as `make` builds it (release, the Swift runtime linked in; named by
    /// `HEADLINES_BINARY`). Every end-to-end suite runs against that binary under `make test`;
    /// these are the paths an optimised build once broke or that scripts lean on: `--print` of 1,
    /// 2, 50 and 1,000 sources (a task group's results were miscompiled: one source printed, or a
    /// trap), a failing source among good ones, the interface's start, open, read, refresh, save
    /// and quit, then `--print --offline` and `--search` of what it stored, and a sync with a real
    /// TT-RSS.
    @Suite struct ReleaseBinary {
        let home: TemporaryFolder

        init() throws { home = try TemporaryFolder("e2e") }

        private func run(_ arguments: [String], timeout: Duration = .seconds(120)) async throws -> ProcessResult {
            try await ProcessRunner(HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url))
                .run(timeout: timeout)
        }

        /// Items a feed of this suite carries.
        static let itemsPerFeed = 3

        /// `count` feeds on `server`, `/feeds/N.xml`, each of `itemsPerFeed` items titled "Feed N item I".
        static func serveFeeds(_ count: Int, on server: LoopbackServer, failing: Set<Int> = []) -> [(name: String, url: String, group: String?)] {
            (1...count).map { number in
                let path = "/feeds/\(number).xml"
                if failing.contains(number) {
                    server.route(path, .text("down for maintenance", status: 500))
                } else {
                    server.route(path, .bytes(Data(FeedFixtures.rss("Feed \(number) item", count: itemsPerFeed).utf8), contentType: "application/rss+xml"))
                }
                return (name: "Source \(number)", url: server.url(path).absoluteString, group: nil)
            }
        }

        /// The printed lines by their source field.
        static func linesBySource(_ output: String) -> [String: [String]] {
            var bySource: [String: [String]] = [:]
            for line in output.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 3 else { continue }
                bySource[String(fields[1]), default: []].append(String(fields[2]))
            }
            return bySource
        }

        /// Under `make test` (and always in CI) the binary is the one `make` builds: named by
        /// `HEADLINES_BINARY`, a release build with the Swift runtime linked in, not a debug one.
        @Test func theBinaryUnderTestIsTheOneMakeBuilds() async throws {
            let named = ProcessInfo.processInfo.environment[HeadlinesBinary.variable]
            let inCI = ProcessInfo.processInfo.environment["CI"] == "true"
            guard named != nil || inCI else { return }  // `swift test` alone tests its own debug binary, by design
            #expect(named != nil, "make test names the binary it built in \(HeadlinesBinary.variable)")
            #expect(HeadlinesBinary.path.hasSuffix("/.build/release/headlines"), "\(HeadlinesBinary.path)")
            let libraries = try await ProcessRunner("ldd", [HeadlinesBinary.path]).run(timeout: .seconds(30))
            #expect(libraries.status == 0)
            #expect(!libraries.stdoutText.contains("libswiftCore"), "the Swift runtime is linked in: \(libraries.stdoutText)")
            #expect(libraries.stdoutText.contains("libsqlite3"), "\(libraries.stdoutText)")
            // libcurl is loaded at the first fetch (Sources/CCurl) and libxml2 at the first XML
            // (Sources/CLibXML2), never linked: a start from the cache maps neither, nor ICU.
            for loadedLater in ["libcurl", "libxml2", "libicu"] {
                #expect(!libraries.stdoutText.contains(loadedLater), "\(libraries.stdoutText)")
            }
        }

        /// Every source of the config printed, each once, in the config's order, and nothing on stderr.
        @Test(arguments: [1, 2, 50, 1000])
        func printWritesEverySourceOnce(_ count: Int) async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            try FeedFixtures.writeConfig(FeedFixtures.config(Self.serveFeeds(count, on: server)), home: home.url)
            let printed = try await run(["--print"])
            #expect(printed.status == 0, "\(printed.stderrText)")
            #expect(printed.stderrText.isEmpty, "\(printed.stderrText.prefix(500))")
            let bySource = Self.linesBySource(printed.stdoutText)
            #expect(bySource.count == count, "\(bySource.count) of \(count) sources printed")
            let wrong = (1...count).filter { number in
                bySource["Source \(number)"]?.sorted() != (1...Self.itemsPerFeed).map { "Feed \(number) item \($0)" }.sorted()
            }
            #expect(wrong.isEmpty, "sources printed wrong or not at all: \(wrong.prefix(20))")
            // Source by source, in the config's order.
            let order = printed.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]) }
            var seen: [String] = []
            for name in order where seen.last != name { seen.append(name) }
            #expect(seen == (1...count).map { "Source \($0)" }, "\(seen.prefix(10))")
        }

        /// The first source answers after the others have finished, and their lines, more than
        /// `--print` keeps in memory, wait in a temporary file: every line still prints, source by
        /// source in the config's order. Where no file can be made (`TMPDIR` names no folder), they
        /// wait in memory, and the log says why.
        @Test(arguments: [true, false])
        func linesThatWaitForASlowSourcePrintInOrder(_ fileAllowed: Bool) async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            let count = 50, items = 2_500
            let sources = (1...count).map { number in
                let path = "/feeds/\(number).xml"
                var response = ScriptedResponse.bytes(Data(FeedFixtures.rss("Feed \(number) item", count: items).utf8), contentType: "application/rss+xml")
                if number == 1 { response.delayBeforeHeaders = .seconds(6) }
                server.route(path, response)
                return (name: "Source \(number)", url: server.url(path).absoluteString, group: String?.none)
            }
            try FeedFixtures.writeConfig(FeedFixtures.config(sources), home: home.url)
            let logFile = home.url.appendingPathComponent("print.log")
            let folder = fileAllowed ? home.url.path : "/nonexistent-\(UUID().uuidString)"
            let printed = try await ProcessRunner(
                HeadlinesBinary.path, ["--print", "--log", logFile.path, "--log-level", "debug"],
                environment: HeadlinesBinary.environment(home: home.url, extra: ["TMPDIR": folder])
            ).run(timeout: .seconds(120))
            #expect(printed.status == 0, "\(printed.stderrText.prefix(500))")
            let lines = printed.stdoutText.split(separator: "\n")
            #expect(lines.count == count * items)
            let order = lines.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[1]) }
            var seen: [String] = []
            for name in order where seen.last != name { seen.append(name) }
            #expect(seen == (1...count).map { "Source \($0)" }, "\(seen.prefix(10))")
            let log = try String(contentsOf: logFile, encoding: .utf8)
            if fileAllowed {
                #expect(log.contains("waited in a temporary file"), "\(log.suffix(2_000))")
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.hasPrefix("headlines-print") })
            } else {
                #expect(log.contains("could not be kept in a temporary file"), "\(log.suffix(2_000))")
            }
        }

        /// One source answering 500 among good ones: both good ones print, the bad one is one
        /// line on stderr naming it, and the status is 0 (1 with `--strict`).
        @Test func aFailingSourceIsNamedAndTheOthersPrint() async throws {
            defer { home.remove() }
            let server = try LoopbackServer()
            defer { server.stop() }
            try FeedFixtures.writeConfig(FeedFixtures.config(Self.serveFeeds(3, on: server, failing: [2])), home: home.url)
            for strict in [false, true] {
                let printed = try await run(["--print"] + (strict ? ["--strict"] : []))
                let bySource = Self.linesBySource(printed.stdoutText)
                #expect(Set(bySource.keys) == ["Source 1", "Source 3"], "\(bySource.keys)")
                #expect(bySource.values.allSatisfy { $0.count == Self.itemsPerFeed })
                let complaints = printed.stderrText.split(separator: "\n")
                #expect(complaints.count == 1 && complaints.first?.hasPrefix("headlines: Source 2: ") == true, "\(printed.stderrText)")
                #expect(printed.status == (strict ? 1 : 0))
            }
        }

        /// The interface as a person uses it: it starts on the Sources screen and loads them, opens
        /// a source, reads an article, saves it, goes back, refreshes and quits; what it stored
        /// then prints with `--print --offline` and is found by `--search`.
        @Test func theInterfaceStartsReadsSavesRefreshesAndQuits() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let sources = Self.serveFeeds(2, on: server)
            let session = try HeadlinesSession([], config: FeedFixtures.config(sources))
            defer { session.close() }
            let tmux = session.tmux
            _ = try await tmux.waitForScreen(describedAs: "both sources loaded") { screen in
                Sources.row("Source 1", in: screen)?.contains("3 unread") == true && Sources.row("Source 2", in: screen)?.contains("3 unread") == true
            }
            // `/` finds the source, Enter keeps the filter, Enter opens it.
            try tmux.sendKeys("/")
            try tmux.sendLiteral("Source 2")
            try tmux.sendKeys("Enter", "Enter")
            _ = try await tmux.waitForScreen(describedAs: "Source 2's list") { $0.contains("Feed 2 item 1") && $0.contains("Feed 2 item 3") }
            try tmux.sendKeys("Enter")
            _ = try await tmux.waitForScreen(describedAs: "the first article") { $0.contains("Summary of Feed 2 item 1.") }
            try tmux.sendKeys("s")
            _ = try await tmux.waitForText("Saved to ~/saved/")
            #expect(session.savedFiles().contains { $0.hasSuffix(".md") }, "\(session.savedFiles())")
            let fetched = server.requests(path: "/feeds/2.xml").count
            try tmux.sendKeys("h", "r")
            #expect(await server.waitUntil(timeout: .seconds(20)) { $0.filter { $0.path == "/feeds/2.xml" }.count > fetched }, "r fetched the source again")
            _ = try await tmux.waitForScreen(describedAs: "the refresh done") { !$0.contains("Loading") && $0.contains("Feed 2 item 2") }
            try tmux.sendKeys("q", "q", "q")
            #expect(try await tmux.waitForExit(timeout: .seconds(15)) == 0)

            let offline = try await ProcessRunner(
                HeadlinesBinary.path, ["--print", "--offline"], environment: HeadlinesBinary.environment(home: session.home.url)
            ).run(timeout: .seconds(30))
            #expect(offline.status == 0, "\(offline.stderrText)")
            let bySource = Self.linesBySource(offline.stdoutText)
            #expect(bySource["Source 1"]?.count == Self.itemsPerFeed && bySource["Source 2"]?.count == Self.itemsPerFeed, "\(bySource)")
            let unread = try await ProcessRunner(
                HeadlinesBinary.path, ["--print", "--unread"], environment: HeadlinesBinary.environment(home: session.home.url)
            ).run(timeout: .seconds(30))
            #expect(!unread.stdoutText.contains("Feed 2 item 1\t"), "the article read is not unread")
            #expect(unread.stdoutText.contains("Feed 2 item 2\t"))
            let found = try await ProcessRunner(
                HeadlinesBinary.path, ["--search", "\"Feed 2 item 3\""], environment: HeadlinesBinary.environment(home: session.home.url)
            ).run(timeout: .seconds(30))
            #expect(found.status == 0, "\(found.stderrText)")
            #expect(found.stdoutText.split(separator: "\n").first?.contains("Feed 2 item 3") == true, "\(found.stdoutText)")
        }

        /// A sync with a real Tiny Tiny RSS: `--print` prints what the server gives, the interface's
        /// first sync stores it, and `--print --offline` then prints the same articles.
        @Test(.enabled(if: SyncServerAvailability.tinyTinyRSS, Comment(rawValue: SyncServerAvailability.howToFix)))
        func aSyncWithARealServer() async throws {
            defer { home.remove() }
            let server = try await SyncServerFixture.shared.tinyTinyRSSAccount()
            try FeedFixtures.writeConfig("keep-days = 36500\n\n" + ServerSync.config(server), home: home.url)
            let online = try await run(["--print"])
            #expect(online.status == 0, "\(online.stderrText)")
            let printed = online.stdoutText.split(separator: "\n").map(String.init)
            #expect(printed.count == SyncTestFeeds.itemCount, "\(printed.count) printed: \(online.stderrText)")

            var environment = HeadlinesBinary.environment(home: home.url)
            environment.removeValue(forKey: "PATH")
            let session = try TmuxSession(command: [HeadlinesBinary.path], environment: environment)
            defer { session.close() }
            _ = try await session.waitForScreen(timeout: .seconds(60)) { screen in
                Sources.row("All", in: screen)?.contains(String(SyncTestFeeds.itemCount)) == true
            }
            try session.sendKeys("q")
            #expect(try await session.waitForExit(timeout: .seconds(15)) == 0)
            let offline = try await run(["--print", "--offline"])
            #expect(offline.status == 0, "\(offline.stderrText)")
            #expect(Set(offline.stdoutText.split(separator: "\n").map(String.init)) == Set(printed))
        }
    }
}
