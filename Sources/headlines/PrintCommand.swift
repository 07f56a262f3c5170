import FoundationEssentials
import Glibc
import NewsCore
import Synchronization
import HeadlinesSession

/// `headlines --print`: fetch every source once (in parallel, within the connection limits),
/// write their articles to stdout source by source in the config's order, each in its feed's
/// order, and exit. Each source that fails says so in one line on stderr and the others still
/// print, so one dead feed does not fail every cron run: the status is 0 when any source
/// printed, 1 when none could (with `--strict`: when any failed). Notes that are no failure
/// ("Using the feed ... named by the page.") go to the log, and to stderr with `--verbose`.
/// Each fetch and parse is logged as the interface's refreshes log them; nothing is merged, as
/// printing leaves the cache as it was. The config's feed servers print after its sources, as
/// their servers give them (see `ServerPrint`).
enum PrintCommand {
    static func run(_ plan: LaunchPlan, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        let json = options.json
        if plan.isFallbackDemo {
            Output.error(plan.firstRunAdvice(short: false))
        }
        let limits = ConnectionLimits(maxConnections: plan.settings.maxConnections, maxPerHost: plan.settings.maxPerHost)
        let entries = plan.entries
        let log = plan.log, rules = plan.rules
        var failures = 0
        // Each source is printed as soon as it and those before it are done, from its lines
        // made in its own task; lines that wait for a slower source before them go to a file
        // past `heldBytes` (issue 57: 1,000 sources peaked at 108 MiB holding every edition).
        let spill = PrintSpill(folder: Self.temporaryFolder(environment))
        var spillRefused = false
        // Twice the loads `ConnectionLimits.admitted` lets in run at once, started host by host in
        // turn: thousands of sources never wait as thousands of tasks.
        await OrderedResults.inOrder(
            entries, running: 8 * limits.maxConnections, startOrder: OrderedResults.interleaved(entries.map { $0.source.host ?? "" }),
            heldBytes: Self.heldBytes, size: { (printed: PrintedSource) in printed.heldBytes },
            spill: { (printed: PrintedSource) in
                guard case .inMemory(let text) = printed.lines, !spillRefused else { return printed }
                switch spill.store(text) {
                case .success(let place): return printed.with(.spilled(place))
                case .failure(let failure):
                    spillRefused = true  // kept in memory from now on, as before the file
                    log.log(.error, "print", ["spill": failure.message])
                    return printed
                }
            },
            { entry in
                let edition = try await SourceLoader.fetchUncached(entry.source, limits: limits, log: log)
                return PrintedSource(edition, shown: Self.shown(edition.articles, of: entry.key, rules: rules), json: json)
            },
            deliver: { index, result in
                let name = entries[index].source.name
                let prefix = entries.count > 1 ? name + ": " : ""
                switch result {
                case .success(let printed):
                    for note in printed.notes {
                        log.log(.info, "note", ["source": name, "note": note])
                        if options.verbose { Output.error(prefix + note) }
                    }
                    switch printed.lines {
                    case .inMemory(let text): Output.write(text)
                    case .spilled(let place):
                        switch spill.read(place) {
                        case .success(let text): Output.write(text)
                        case .failure(let failure):
                            Output.error(prefix + failure.message)
                            failures += 1
                            return
                        }
                    }
                    if let nothing = printed.nothingPrinted { Output.error(prefix + nothing) }
                case .failure(let error):
                    Output.error(prefix + ErrorText.sentence(error))
                    failures += 1
                }
            })
        if spill.stored > 0 {
            log.log(.debug, "print", ["spilled": "\(spill.stored) sources' lines (\(spill.end) bytes) waited in a temporary file"])
        }
        let servers = await fetchServers(plan, json: json, environment: environment)
        for (server, result) in zip(plan.servers, servers) {
            switch result {
            case .success(let feeds):
                Output.write(feeds.flatMap(\.lines).map { $0 + "\n" }.joined())
                plan.log.log(.debug, "print", ["server": server.name, "feeds": String(feeds.count)])
            case .failure(let error):
                // The client's sentence names the server ("The server Home ...").
                Output.error(ErrorText.sentence(error))
                failures += 1
            }
        }
        await plan.log.flush()
        if failures == 0 { return 0 }
        return options.strict || failures == entries.count + plan.servers.count ? 1 : 0
    }

    /// How many bytes of lines the sources that finished before their turn may hold in memory;
    /// past that they wait in a file (`PrintSpill`).
    static let heldBytes = 8 << 20

    /// Where the spill file goes: `TMPDIR` when it names a folder, else /tmp.
    static func temporaryFolder(_ environment: [String: String]) -> String {
        guard let folder = environment["TMPDIR"], folder.hasPrefix("/") else { return "/tmp" }
        return folder
    }

    /// One source's output, made in its fetch's task: its lines, its notes, and why it printed
    /// nothing when it did not.
    struct PrintedSource: Sendable {
        enum Lines: Sendable {
            case inMemory(String)
            case spilled(PrintSpill.Place)
        }

        let lines: Lines
        let notes: [String]
        let nothingPrinted: String?

        init(_ edition: Edition, shown: [Article], json: Bool) {
            var text = ""
            for article in shown {
                text += json ? PrintFormat.jsonLine(article) : PrintFormat.line(article)
                text += "\n"
            }
            lines = .inMemory(text)
            notes = edition.notes
            nothingPrinted =
                edition.articles.isEmpty
                ? (edition.skipped > 0 ? PrintCommand.skippedSentence(edition.skipped) : PrintCommand.emptySentence(edition.title)) : nil
        }

        private init(lines: Lines, notes: [String], nothingPrinted: String?) {
            self.lines = lines
            self.notes = notes
            self.nothingPrinted = nothingPrinted
        }

        /// The same output with its lines kept elsewhere.
        func with(_ lines: Lines) -> PrintedSource { PrintedSource(lines: lines, notes: notes, nothingPrinted: nothingPrinted) }

        /// What it holds in memory.
        var heldBytes: Int {
            guard case .inMemory(let text) = lines else { return 0 }
            return text.utf8.count
        }
    }

    /// Every server of the config, fetched in parallel with each other (the sources' fetches
    /// are done by then), in the config's order.
    private static func fetchServers(
        _ plan: LaunchPlan, json: Bool, environment: [String: String]
    ) async -> [Result<[ServerPrint.Feed], any Error>] {
        let servers = plan.servers, http = plan.http, log = plan.log
        return await OrderedResults.gather(servers) { server in
            try await ServerPrint.fetch(server, http: http, environment: environment, json: json, log: log)
        }
    }

    /// Why a feed that answered printed nothing: it has no entries. Its title is named, since it
    /// shows nowhere else (a feed's title is printed as its articles' source).
    static func emptySentence(_ title: String?) -> String {
        "Nothing to print: the feed " + (title.map { "“\($0)” " } ?? "") + "has no entries."
    }

    /// Why a feed that answered printed nothing: every entry was skipped (as the interface's
    /// "3 skipped"), for a refused link, nothing to show, or repeating one already seen.
    /// The articles `ignore =` (the config's, and the source's own) leaves shown, as the
    /// interface shows them: hidden articles are not printed.
    static func shown(_ articles: [Article], of key: SourceKey, rules: ArticleRules) -> [Article] {
        let filters = [rules.ignore, rules.sourceIgnores[key]].compactMap { $0 }
        guard !filters.isEmpty else { return articles }
        let now = Date()
        return articles.filter { article in
            let stored = StoredArticle(id: ArticleID(0), source: key, article: article, firstSeen: now, isRead: false, isStarred: false)
            return !filters.contains { $0.matches(stored, sources: rules.sources, now: now) }
        }
    }

    static func skippedSentence(_ count: Int) -> String {
        let entries = count == 1 ? "its one entry was" : "all \(count) of its entries were"
        return "Nothing to print: \(entries) skipped as unusable (a refused link, nothing to show, or a repeat)."
    }
}

/// Writes to the standard streams without buffering surprises.
enum Output {
    /// Why standard output could not be written (a full disk, an I/O error), once it could not.
    private static let outputFailure = Mutex<Int32?>(nil)

    static func write(_ text: String) {
        if let code = DescriptorWriter.writeAll(1, text), code != EPIPE {  // a reader that left (`| head`) is no error
            outputFailure.withLock { failure in if failure == nil { failure = code } }
        }
    }

    /// The exit status once printing is done: `status`, or 1 with a sentence on stderr when
    /// the output could not be written (`--print > /dev/full`).
    static func finish(_ status: Int32) -> Int32 {
        guard let code = outputFailure.withLock({ $0 }) else { return status }
        error("the output could not be written: \(String(cString: strerror(code))).")
        return 1
    }

    /// One line on stderr, cleaned here once as the interface cleans what it draws: a message
    /// repeats options, paths and environment values (`--source $'/tmp/x\e]52;...'`, `TERM`),
    /// and their escape sequences must not reach the terminal.
    static func error(_ line: String) {
        _ = DescriptorWriter.writeAll(2, "headlines: " + Sanitizer.clean(line) + "\n")  // stderr gone: nobody is left to tell
    }

    /// A line for a person on stdout (what an import or `--add` did), cleaned as `error` cleans
    /// stderr's: it repeats paths, URLs and titles from files and feeds (a newsboat title holding
    /// an OSC 52), whose escape sequences must not reach the terminal either.
    static func say(_ line: String) {
        write(Sanitizer.clean(line) + "\n")
    }

    /// Text for stderr as it is (the usage).
    static func rawError(_ text: String) {
        _ = DescriptorWriter.writeAll(2, text)
    }
}
