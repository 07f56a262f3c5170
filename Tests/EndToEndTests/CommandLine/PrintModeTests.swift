import Foundation
import Testing
import TestSupport

/// `headlines --print` and `--json`, run as the built binary against the loopback server.
@Suite("headlines --print")
struct PrintModeTests {
    let home: TemporaryFolder

    init() throws {
        home = try TemporaryFolder("e2e")
    }

    private func run(_ arguments: [String], extra: [String: String] = [:]) async throws -> ProcessResult {
        try await ProcessRunner(
            HeadlinesBinary.path, arguments, environment: HeadlinesBinary.environment(home: home.url, extra: extra)
        ).run(timeout: .seconds(30))
    }

    @Test func printsTheDemoEditionWithNoKeyAndNoNetwork() async throws {
        let result = try await run(["--print"])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count >= 30)
        for line in lines { #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 4) }
        #expect(result.stderrText.contains("demo edition"))
        // Dates are UTC without fraction, or empty.
        for line in lines {
            let date = line.split(separator: "\t", omittingEmptySubsequences: false)[0]
            #expect(date.isEmpty || date.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(date)")
        }
    }

    /// Output that cannot be written is an error a person hears (status 1 and why), not a
    /// silent success; a reader that leaves early (`| head`) is no error.
    @Test func anOutputThatCannotBeWrittenEndsWithStatusOne() async throws {
        let environment = HeadlinesBinary.environment(home: home.url)
        let full = try await ProcessRunner(
            "/bin/sh", ["-c", "exec \"$0\" --demo --print > /dev/full", HeadlinesBinary.path],
            environment: environment
        ).run(timeout: .seconds(30))
        #expect(full.status == 1)
        #expect(full.stderrText.contains("the output could not be written: No space left on device."), "\(full.stderrText)")
        let headed = try await ProcessRunner(
            "/bin/sh", ["-c", "\"$0\" --demo --print | head -n 1 > /dev/null", HeadlinesBinary.path],
            environment: environment
        ).run(timeout: .seconds(30))
        #expect(!headed.stderrText.contains("could not be written"), "\(headed.stderrText)")
    }

    /// `--help` and `--version` whose text cannot be written say so and end with status 1.
    @Test(arguments: ["--help", "--version"])
    func helpThatCannotBeWrittenEndsWithStatusOne(_ option: String) async throws {
        let full = try await ProcessRunner(
            "/bin/sh", ["-c", "exec \"$0\" \"$1\" > /dev/full", HeadlinesBinary.path, option],
            environment: HeadlinesBinary.environment(home: home.url)
        ).run(timeout: .seconds(30))
        #expect(full.status == 1)
        #expect(full.stderrText == "headlines: the output could not be written: No space left on device.\n", "\(full.stderrText)")
    }

    @Test func printsExactlyTheRulesFromANewsAPIServer() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = """
            {"status":"ok","totalResults":4,"articles":[
             {"source":{"id":"x","name":"Wire\\u001b[31m One"},"author":null,"title":"First\\tstory  here","description":"","url":"https://example.com/1",
              "urlToImage":null,"publishedAt":"2024-08-29T06:37:13.3966463Z","content":null},
             {"source":{"name":"Two"},"title":"[Removed]","url":"https://removed.com","publishedAt":"2024-08-29T06:00:00Z"},
             {"source":{"name":"Zone"},"title":"Second","url":"https://example.com/2","publishedAt":"2024-08-29T08:00:00+02:00"},
             {"source":{"name":"Undated"},"title":"\\u001b]0;pwned\\u0007Third","url":"https://example.com/3","publishedAt":"yesterday"}
            ]}
            """
        server.route("/v2/top-headlines", .json(body))
        let result = try await run(["--print", "--newsapi-url", server.baseURL.absoluteString], extra: ["NEWSAPI_KEY": "sekret-key-123", "TZ": "Asia/Tokyo"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(
            result.stdoutText == """
                2024-08-29T06:37:13Z\tWire One\tFirst story here\thttps://example.com/1
                2024-08-29T06:00:00Z\tZone\tSecond\thttps://example.com/2
                \tUndated\tThird\thttps://example.com/3

                """)
        let request = try #require(server.requests(path: "/v2/top-headlines").first)
        #expect(request.headers["x-api-key"] == "sekret-key-123")
        #expect(!request.target.contains("sekret"))
        #expect(request.query?.contains("country=us") == true)
    }

    @Test func jsonLinesUseNewsAPIFieldNames() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/feed.json",
            .json(
                """
                {"status":"ok","articles":[{"source":{"name":"S"},"author":"Ann","title":"T \\"quoted\\"","description":"D","url":"https://example.com/a?b=1&c=2",
                "urlToImage":"https://example.com/i.png","publishedAt":"2024-01-02T03:04:05.5-01:00","content":"C"},
                {"source":{"name":"S2"},"title":"U","url":"https://example.com/u"}]}
                """))
        let result = try await run(["--print", "--json", "--source", server.url("/feed.json").absoluteString])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["source"] as? String == "S")
        #expect(first["author"] as? String == "Ann")
        #expect(first["title"] as? String == "T \"quoted\"")
        #expect(first["url"] as? String == "https://example.com/a?b=1&c=2")
        #expect(first["urlToImage"] as? String == "https://example.com/i.png")
        #expect(first["publishedAt"] as? String == "2024-01-02T04:04:05Z")
        #expect(first["content"] as? String == "C")
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["publishedAt"] is NSNull)
        #expect(second["author"] is NSNull)
        // The key never goes to a --source host.
        #expect(server.requests.allSatisfy { $0.headers["x-api-key"] == nil })
    }

    /// An item without a link is printed with an empty url column, and `null` in JSON.
    @Test func articlesWithoutALinkPrintNoURL() async throws {
        let feed = home.file("announcements.xml")
        try Data(
            """
            <rss version="2.0"><channel><title>News</title>
            <item><title>Closed on Friday</title><guid isPermaLink="false">notice-1</guid><pubDate>Sun, 05 May 2024 10:00:00 GMT</pubDate></item>
            <item><title>Linked</title><link>https://example.com/l</link></item>
            </channel></rss>
            """.utf8
        ).write(to: feed)
        let text = try await run(["--print", "--source", feed.path])
        #expect(text.status == 0, "\(text.stderrText)")
        #expect(text.stdoutText == "2024-05-05T10:00:00Z\tNews\tClosed on Friday\t\n\tNews\tLinked\thttps://example.com/l\n")
        let json = try await run(["--print", "--json", "--source", feed.path])
        let first = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutText.split(separator: "\n")[0].utf8)) as? [String: Any])
        #expect(first["title"] as? String == "Closed on Friday")
        #expect(first["url"] is NSNull)
    }

    @Test func a401IsReportedInOneLineWithExitStatus1() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/v2/top-headlines",
            .json(
                #"{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key."}"#,
                status: 401))
        let result = try await run(["--print", "--newsapi-url", server.baseURL.absoluteString], extra: ["NEWSAPI_KEY": "wrong-key-456"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrText
                == "headlines: HTTP 401 apiKeyInvalid: Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key.\n"
        )
        #expect(!result.stderrText.contains("wrong-key-456"))
    }

    @Test func failuresExitWith1AndUsageErrorsWith2() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/broken.json", .text("<html>not news</html>", contentType: "text/html"))
        let broken = try await run(["--print", "--source", server.url("/broken.json").absoluteString])
        #expect(broken.status == 1)
        #expect(broken.stderrText.hasPrefix("headlines: The response could not be read"))
        #expect(broken.stderrText.split(separator: "\n").count == 1)

        let missing = try await run(["--print", "--source", home.file("nowhere.json").path])
        #expect(missing.status == 1)
        #expect(missing.stderrText.contains("no such file"))

        let usage = try await run(["--print", "--bogus"])
        #expect(usage.status == 2)
        #expect(usage.stderrText.contains("Unknown option"))
        #expect(usage.stderrText.contains("Usage: headlines"))

        let badSize = try await run(["--print", "--page-size", "zero"])
        #expect(badSize.status == 2)

        let badTimeout = try await run(["--print", "--timeout", "0"])
        #expect(badTimeout.status == 2)
        #expect(badTimeout.stderrText.contains("--timeout takes a number of seconds"))
    }

    /// A message repeats what it was given (an option, a path) cleaned, as the interface draws
    /// it: an OSC 52 in `--source` once reached the terminal and wrote its clipboard.
    @Test(arguments: ["--source", "--config"])
    func messagesRepeatArgumentsWithoutTheirEscapeSequences(_ option: String) async throws {
        let path = home.url.path + "/x\u{1B}]52;c;aGk=\u{07}"
        let result = try await run(["--print", option, path])
        #expect(result.status != 0)
        #expect(!result.stderr.contains(0x1B) && !result.stderr.contains(0x07), "\(result.stderrText.debugDescription)")
        #expect(result.stderrText.contains("/x: no such file"), "\(result.stderrText)")  // the config's path is shown as ~/x
    }

    /// `TERM` repeated in the interface's message is cleaned too; `script` gives the binary a
    /// terminal, so it gets as far as asking curses for that terminal type.
    @Test func theInterfaceRepeatsTERMWithoutItsEscapeSequences() async throws {
        let environment = HeadlinesBinary.environment(
            home: home.url, extra: ["TERM": "xterm\u{1B}]52;c;aGk=\u{07}", "SHELL": "/bin/sh", "HEADLINES": HeadlinesBinary.path])
        let result = try await ProcessRunner(
            "/usr/bin/script", ["-qec", "exec \"$HEADLINES\" --demo", "/dev/null"],
            environment: environment
        ).run(timeout: .seconds(30))
        #expect(result.status == 1)
        let text = result.stdoutText + result.stderrText
        #expect(text.contains("The terminal type “xterm” is not known to curses."), "\(text.debugDescription)")
        #expect(!result.stdout.contains(0x1B) && !result.stdout.contains(0x07), "\(text.debugDescription)")
    }

    /// A feed that answered but whose every entry was skipped says so on stderr, rather than
    /// printing nothing with nothing said.
    @Test func aFeedWhoseEntriesWereAllSkippedSaysSo() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/feed.xml",
            .text(
                """
                <?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
                <item><title>One</title><link>javascript:alert(1)</link></item>
                <item><title>Two</title><link>javascript:alert(2)</link></item>
                </channel></rss>
                """, contentType: "application/rss+xml"))
        let result = try await run(["--print", "--source", server.url("/feed.xml").absoluteString])
        #expect(result.status == 0)
        #expect(result.stdoutText.isEmpty)
        #expect(
            result.stderrText == "headlines: Nothing to print: all 2 of its entries were skipped as unusable "
                + "(a refused link, nothing to show, or a repeat).\n")
    }

    /// Every print mode writes what it did to `--log`, in the lines the interface writes: each
    /// fetch (a failure at `error`), each parse, and in the cache modes what was read.
    @Test func everyPrintModeLogsItsFetchesAndParses() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("/feed.rss", .text(FeedFixtures.rss("Rss", count: 3), contentType: "application/rss+xml"))
        server.route("/gone.rss", .text("not found", status: 404))
        try FeedFixtures.writeConfig(
            FeedFixtures.config([
                (name: "Good", url: server.url("/feed.rss").absoluteString, group: nil),
                (name: "Gone", url: server.url("/gone.rss").absoluteString, group: nil),
            ]), home: home.url)
        for mode in [["--print"], ["--print", "--json"]] {
            let log = home.url.appendingPathComponent("print\(mode.count).log")
            let result = try await run(mode + ["--log", log.path, "--log-level", "debug"])
            #expect(result.status == 0, "\(result.stderrText)")
            let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            let good = server.url("/feed.rss").absoluteString
            #expect(
                lines.contains { $0.contains(" info fetch source=Good url=\(good) status=200 bytes=") && $0.hasSuffix(" outcome=ok") },
                "\(lines)")
            #expect(lines.contains { $0.hasSuffix(" info parse source=Good format=document items=3 skipped=0") }, "\(lines)")
            #expect(
                lines.contains { $0.contains(" error fetch source=Gone ") && $0.contains(" status=404 ") && $0.contains(" outcome=failed ") },
                "\(lines)")
        }
        let log = home.url.appendingPathComponent("cache.log")
        #expect(try await run(["--print", "--offline", "--log", log.path, "--log-level", "debug"]).status == 0)
        #expect(try await run(["--search", "story", "--log", log.path, "--log-level", "debug"]).status == 0)
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix(" debug cache decision=print source=Good articles=0") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" debug cache decision=search query=story matches=0") }, "\(lines)")
    }

    /// A feed with no entries says so, naming its title, which shows nowhere else.
    @Test func aFeedWithNoEntriesSaysSoAndNamesItsTitle() async throws {
        let titled = home.file("titled.xml")
        try Data(#"<feed xmlns="http://www.w3.org/2005/Atom"><title>Example Atom</title></feed>"#.utf8).write(to: titled)
        let result = try await run(["--print", "--source", titled.path])
        #expect(result.status == 0)
        #expect(result.stdoutText.isEmpty)
        #expect(result.stderrText == "headlines: Nothing to print: the feed “Example Atom” has no entries.\n")
        let untitled = home.file("untitled.xml")
        try Data(#"<rss version="2.0"><channel></channel></rss>"#.utf8).write(to: untitled)
        let bare = try await run(["--print", "--source", untitled.path])
        #expect(bare.stderrText == "headlines: Nothing to print: the feed has no entries.\n")
    }

    /// A feed's full text is the JSON `content`, as one line of the text it shows.
    @Test func jsonContentIsAFeedsFullTextAsPlainText() async throws {
        let feed = home.file("full.xml")
        try Data(
            """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>News</title>
            <item><title>T</title><link>https://example.com/t</link>
            <content:encoded>&lt;p&gt;First &amp;amp; <![CDATA[second]]>&lt;/p&gt;&lt;p&gt;Third&lt;/p&gt;</content:encoded></item>
            </channel></rss>
            """.utf8
        ).write(to: feed)
        let json = try await run(["--print", "--json", "--source", feed.path])
        let first = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutText.split(separator: "\n")[0].utf8)) as? [String: Any])
        #expect(first["content"] as? String == "First & second Third")
        #expect(first["description"] is NSNull)
    }

    /// A URL of another scheme is refused, not read as a relative path that happens not to exist.
    @Test(arguments: ["ftp://x/y", "gopher://news.example/1", "sftp://host/feed.xml"])
    func otherSchemesAreRefusedAsUnsupported(_ source: String) async throws {
        let result = try await run(["--print", "--source", source])
        #expect(result.status == 2)
        let scheme = source.prefix { $0 != ":" }
        #expect(result.stderrText == "headlines: Headlines cannot read \(scheme): URLs; --source takes an http or https URL, a file URL or a path.\n")
    }

    /// Text with a scheme is a URL: an invalid one is refused as such (a usage error), not read
    /// as the relative path "http:/[::1".
    @Test(arguments: [("http://[::1", "http"), ("HTTPS://[bad", "https"), ("http://a.example:port/feed", "http")])
    func anInvalidURLIsRefusedAsAURL(_ source: String, _ scheme: String) async throws {
        let result = try await run(["--print", "--source", source])
        #expect(result.status == 2)
        #expect(result.stderrText == "headlines: “\(source)” is not a valid \(scheme) URL.\n")
    }

    @Test func aTimeoutStopsAServerThatTrickles() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/slow.json",
            ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(repeating: 0x20, count: 1000)),
                chunkSize: 1, delayBetweenChunks: .milliseconds(500)))
        let result = try await run(["--print", "--timeout", "1", "--source", server.url("/slow.json").absoluteString])
        #expect(result.status == 1)
        #expect(result.stderrText == "headlines: 127.0.0.1:\(server.port) was too slow: the transfer took longer than 1 second.\n")
    }

    @Test func helpAndVersionExitZero() async throws {
        let help = try await run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdoutText.contains("--newsapi-url"))
        let version = try await run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdoutText.hasPrefix("headlines "))
    }

    /// A `cache.db` that is a directory: every way of reading the cache says so, in one sentence.
    @Test func aCacheThatIsADirectoryIsNamedAsOne() async throws {
        let cache = home.url.appendingPathComponent(".cache/headlines/cache.db")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        for arguments in [["--print", "--offline"], ["--print", "--offline", "--source", "https://a.example/feed.xml"], ["--search", "word"]] {
            let result = try await run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderrText == "headlines: The article cache \(cache.path) cannot be opened: it is a directory, not a file.\n",
                "\(arguments): \(result.stderrText)")
        }
    }
}
