import Foundation
import HeadlinesUI
@_spi(StoreTesting) import NewsCore
import TestSupport

/// Start to the first headline on screen with 10,000 articles of one source in the cache: the
/// release `headlines --source URL`, started on an 80×24 pseudo-terminal, timed from the spawn
/// to the moment its output holds the newest article's title; its peak memory (`ru_maxrss`)
/// read when it is reaped after `q`. The URL's server waits 3 s before it answers, so that
/// screen can only come from the cache. Beside newsboat's start on the same items, its cache
/// filled beforehand by `-x reload` (see StartBenchmark+Newsboat). Goal: at most 100 ms, and no
/// more memory than newsboat.
@MainActor
enum StartBenchmark {
    static let defaultArticles = 10_000
    static let goal = Duration.milliseconds(100)
    /// Issue 56: what the start itself may hold resident (VmHWM when the first headline shows).
    static let startMemoryGoal = 20 * 1024 * 1024
    static let width = 80
    static let height = 24

    /// One start: to the text looked for, and the program's peak memory (see `TerminalProcess.Exit`).
    struct Run {
        var time: Duration
        var peakBytes: Int
        /// VmHWM read just after the text showed: how much of the peak the start itself reached.
        var shownBytes: Int
        var maxRSS: Int
        /// Resident memory by mapping just after the text showed (see `TerminalProcess.residentByMapping`).
        var shownMappings: [(name: String, bytes: Int)] = []
    }

    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("headlines")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchmarkFailure("there is no headlines program beside the benchmark (\(binary.path)): build it with swift build -c release")
        }
        let count = options.articles ?? defaultArticles
        let rounds = options.rounds ?? 5
        var generator = RSSDocumentGenerator(seed: 0x5354_4152_5400)
        let document = Data(generator.generate(items: count).bytes)
        let server = try LoopbackServer()
        defer { server.stop() }
        var delayed = ScriptedResponse.bytes(document, contentType: "application/rss+xml")
        delayed.delayBeforeHeaders = .seconds(3)
        server.route("/feed.xml", delayed)
        let feedURL = server.url("/feed.xml")

        let home = try TemporaryFolder("bench-start")
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": home.path,
            "XDG_CACHE_HOME": home.file("cache").path, "XDG_CONFIG_HOME": home.file("config").path,
            // A crash must not leave the backtracer waiting for a key on the pseudo-terminal.
            "SWIFT_BACKTRACE": "interactive=no",
        ]
        let cacheFile = StoreLocation.resolve(environment: environment)
        let (newest, indexSpace) = try await fillCache(document, url: feedURL, file: cacheFile, articles: count)
        let ourCache = cacheBytes(cacheFile)
        let needle = visiblePrefix(newest)
        report(
            "cache filled: \(count.formatted()) articles of \(feedURL.absoluteString) in \(cacheFile.path); "
                + "waiting for the newest title, “\(needle)”")

        let arguments = ["--source", feedURL.absoluteString]
        let warmUp = try await start(binary.path, arguments, environment: environment, lookingFor: needle)
        var ours: [Run] = []
        for _ in 0..<rounds { ours.append(try await start(binary.path, arguments, environment: environment, lookingFor: needle)) }
        let oursTime = Samples(ours.map(\.time)).median
        let oursPeak = ours.map(\.peakBytes).max() ?? 0
        var lines = [
            "headlines --source URL, \(count.formatted()) cached articles in one source, \(width)×\(height) pty, "
                + "the server answering after 3 s: start to the newest headline on screen \(ms(oursTime)) median of \(rounds) ("
                + ours.map { ms($0.time) }.joined(separator: ", ") + "; warm-up \(ms(warmUp.time)) not counted), peak RSS "
                + ours.map { Format.bytes($0.peakBytes) }.joined(separator: ", ")
                + " (when the headline showed: " + ours.map { Format.bytes($0.shownBytes) }.joined(separator: ", ") + ")"
        ]
        lines.append(
            "  headlines binary: "
                + (try linksSwiftStatically(binary)
                    ? "Swift runtime and FoundationEssentials linked in (swift build -c release --static-swift-stdlib)"
                    : "Swift runtime and FoundationEssentials as shared libraries (a plain swift build -c release; --static-swift-stdlib starts smaller)"))
        lines.append(
            "  (peak RSS: each program's own VmHWM, read until it exits. wait4's ru_maxrss, \(Format.bytes(ours.map(\.maxRSS).max() ?? 0)) "
                + "for ours, is not used: it counts this benchmark's memory, which Linux carries into a spawned child across exec)")
        lines.append("  " + (try await rowsReadAtOpen(cacheFile, url: feedURL)))
        if let last = ours.last { lines.append("  " + residentLine(last.shownMappings)) }

        let shownPeak = ours.map(\.shownBytes).max() ?? 0
        lines.append(
            "  (the start's refresh begins once the first rows are drawn, and its first fetch loads libcurl: "
                + "the peak until exit holds that, the peak when the headline showed does not)")
        var goals = [
            ("≤ \(ms(goal, decimals: 0))", oursTime <= goal),
            ("≤ \(Format.bytes(startMemoryGoal)) when the headline showed (\(Format.bytes(shownPeak)), highest)", shownPeak <= startMemoryGoal),
        ]
        if options.swiftOnly {
            lines.append("  newsboat: not run (--swift-only)")
        } else if let newsboat = ExternalCommand.find("newsboat") {
            let theirs = try await NewsboatStart(path: newsboat, document: document, articles: count, server: server).measure(rounds: rounds)
            let theirTime = Samples(theirs.runs.map(\.time)).median
            let theirPeak = theirs.runs.map(\.peakBytes).max() ?? 0
            lines.append(
                "  \(theirs.version), which opens on its feed list (its first list of headlines), to “\(theirs.needle)” there: "
                    + "\(ms(theirTime)) median (" + theirs.runs.map { ms($0.time) }.joined(separator: ", ")
                    + "; warm-up \(ms(theirs.warmUp.time)) not counted), peak RSS " + theirs.runs.map { Format.bytes($0.peakBytes) }.joined(separator: ", "))
            lines.append("  " + theirs.checks)
            lines.append(
                "  ours/newsboat: \(Format.ratio(oursTime / theirTime)) in time, "
                    + "\(Format.ratio(Double(oursPeak) / Double(max(1, theirPeak)))) in peak memory (\(Format.bytes(oursPeak)) vs \(Format.bytes(theirPeak)), highest of each)"
            )
            lines.append(
                "  cache files for the same \(count.formatted()) articles: ours \(Format.bytes(ourCache)) (\(indexSpace)), "
                    + "newsboat's \(Format.bytes(theirs.cacheBytes)) (it has no search index): \(Format.ratio(Double(ourCache) / Double(max(1, theirs.cacheBytes))))"
            )
            goals.append(("≤ 0.5x newsboat's time (\(Format.ratio(oursTime / theirTime)))", oursTime / theirTime <= 0.5))
            goals.append(("peak until exit ≤ newsboat's", oursPeak <= theirPeak))
        } else {
            lines.append("  newsboat is not installed (apt-get install newsboat): no comparison in this run")
        }
        let met = goals.allSatisfy(\.1)
        lines.append("  goals: " + goals.map { "\($0.0) \($0.1 ? "PASS" : "MISS")" }.joined(separator: "; ") + ": " + (met ? "PASS" : "MISS"))
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: met)
    }

    /// Libraries a start from the cache never calls: the network's (libcurl and what it links
    /// for TLS, HTTP/2, compression, LDAP, SSH), XML's, the image decoders'. What they hold
    /// resident is what loading them at their first use would save.
    static let notNeededAtStart = [
        "libcurl", "libssl", "libcrypto", "libgnutls", "libnettle", "libhogweed", "libgmp", "libnghttp2", "libssh2", "libldap",
        "liblber", "libsasl2", "librtmp", "libpsl", "libidn2", "libbrotli", "libzstd", "libkrb5", "libk5crypto", "libgssapi",
        "libtasn1", "libp11-kit", "libunistring", "libxml2", "libicu", "liblzma", "libpng", "libjpeg", "libkeyutils", "libcom_err",
        "libffi",
    ]

    /// Resident memory when the headline showed, by mapping: the largest, and what the libraries
    /// a start does not need hold together.
    static func residentLine(_ mappings: [(name: String, bytes: Int)]) -> String {
        guard !mappings.isEmpty else { return "resident by mapping: not read (the program had gone)" }
        let total = mappings.reduce(0) { $0 + $1.bytes }
        let unneeded = mappings.filter { mapping in notNeededAtStart.contains { mapping.name.hasPrefix($0) } }
        let unneededBytes = unneeded.reduce(0) { $0 + $1.bytes }
        return "resident when the headline showed, \(Format.bytes(total)): "
            + mappings.prefix(8).map { "\($0.name) \(Format.bytes($0.bytes))" }.joined(separator: ", ")
            + "; libraries a start from the cache never calls, \(Format.bytes(unneededBytes)) together: "
            + unneeded.prefix(8).map { "\($0.name) \(Format.bytes($0.bytes))" }.joined(separator: ", ")
    }

    /// Whether `binary` carries the Swift runtime inside: its dynamic section then names no
    /// shared libswiftCore.
    static func linksSwiftStatically(_ binary: URL) throws -> Bool {
        let bytes = try Data(contentsOf: binary, options: .alwaysMapped)
        return bytes.range(of: Data("libswiftCore.so\0".utf8)) == nil
    }

    /// The cache `headlines --source URL` opens, holding the document's articles under that
    /// source's key, as an earlier run would have left it. Returns the newest article's title
    /// (the list's first row). The store closes when this returns, so the program opens it cold.
    static func fillCache(_ document: Data, url: URL, file: URL, articles: Int) async throws -> (newest: String, space: String) {
        let edition = try DocumentDecoder.decode(document, baseURL: url)
        guard edition.articles.count == articles else {
            throw BenchmarkFailure("the generated feed decoded to \(edition.articles.count) articles, not \(articles)")
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let store = try await ArticleStore.open(at: file)
        let key = DocumentSource(service: NewsService(), location: url).key
        try await store.merge(edition, into: key)
        // Indexed for search, as a refresh in the program leaves it.
        try await store.indexForSearch()
        guard let newest = try await store.page(.source(key), limit: 1).articles.first else {
            throw BenchmarkFailure("the cache holds no article after the merge")
        }
        let index = try await store.spaceByTable().filter { $0.name.hasPrefix("article_text") }.reduce(0) { $0 + $1.bytes }
        return (newest.article.title, "the search index \(Format.bytes(index)) of it")
    }

    /// A cache file's size on disk, its write-ahead log included.
    static func cacheBytes(_ file: URL) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path + suffix)[.size] as? NSNumber)?.intValue  // absent: 0
            return total + (size ?? 0)
        }
    }

    /// The title's first 40 columns or so, which the list shows whole (its titles start at
    /// column 23 of 80), without an end space that the terminal output might not carry.
    static func visiblePrefix(_ title: String, columns: Int = 40) -> String {
        var prefix = ""
        var used = 0
        for character in title {
            used += TextWidth.of(character)
            if used > columns { break }
            prefix.append(character)
        }
        return prefix.trimmingCharacters(in: .whitespaces)
    }

    /// Starts a program on a pseudo-terminal, waits until its output holds `needle`, types
    /// `quit` and reaps it (stopping it with SIGTERM if it has not gone within 15 s).
    static func start(
        _ path: String, _ arguments: [String], environment: [String: String], lookingFor needle: String, quit: String = "q"
    ) async throws -> Run {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let process = try TerminalProcess(path, arguments, environment: environment, width: width, height: height, watchingFor: needle)
        _ = await eventually(timeout: .seconds(20), interval: .milliseconds(2)) { process.seen != nil }
        guard let seen = process.seen else {
            _ = await process.stop()
            throw BenchmarkFailure("\(name) did not show “\(needle)” within 20 s; it wrote: \(Sanitizer.clean(String(process.text.suffix(1_500))))")
        }
        let shownBytes = TerminalProcess.highWaterMark(process.pid) ?? 0
        let shownMappings = TerminalProcess.residentByMapping(process.pid)
        process.send(quit)
        var reaped = await process.reap(timeout: .seconds(15))
        if reaped == nil { reaped = await process.stop() }
        guard let reaped else {
            throw BenchmarkFailure("\(name) (pid \(process.pid)) could not be ended")
        }
        return Run(
            time: seen - process.started, peakBytes: reaped.peakBytes, shownBytes: shownBytes, maxRSS: reaped.maxRSS,
            shownMappings: shownMappings)
    }

    /// What the list read from the cache to open, seen on the same screen run in this process
    /// over the same cache: the rows it holds once the first ones show, against those it shows.
    /// (`HeadlinesScreen.readRows` asks for max(200, rows held) rows, at most 1,000, and a count;
    /// the store reads one row more to know whether a next page follows.)
    static func rowsReadAtOpen(_ cacheFile: URL, url: URL) async throws -> String {
        let store = try await ArticleStore.open(at: cacheFile)
        let folder = try TemporaryFolder("bench-start-rows")
        let harness = try ListScreenHarness(
            store: store, source: DocumentSource(service: NewsService(), location: url), folder: folder.url, width: width, height: height)
        do {
            try await harness.waitUntil("the cached rows show") { !harness.screen.state.rows.isEmpty }
        } catch {
            await harness.close()
            throw error
        }
        let state = harness.screen.state
        let shown = harness.layout.bodyRows
        await harness.close()
        let bound = shown + 200
        return "rows read at open: \(state.rows.count) of \(state.total.formatted()) (and a count), for \(shown) shown; "
            + "bound, the rows shown plus a page of 200: \(bound): " + (state.rows.count <= bound ? "within it" : "OVER IT")
    }

    static func ms(_ duration: Duration, decimals: Int = 1) -> String { Format.milliseconds(duration, decimals: decimals) + " ms" }
}
