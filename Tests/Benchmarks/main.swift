import Foundation

// headlines-bench: performance benchmarks for Headlines.
//
//   swift run -c release headlines-bench [BENCHMARK|all] [options]
//
// To add a benchmark: write `enum FooBenchmark { static func run(_ options: BenchmarkOptions)
// throws -> BenchmarkOutcome }` in its own file and add a line to `BenchmarkRegistry.all`.

/// Options shared by all benchmarks; each reads the ones it understands.
struct BenchmarkOptions: Sendable {
    /// Timed rounds; nil means the benchmark's own default.
    var rounds: Int?
    /// Size of generated inputs, where a benchmark generates one (decode: articles).
    var articles: Int?
    /// Where to write a generated input and keep it (for profiling); nil means a temporary file.
    var documentPath: String?
    /// A data set's folder, where a benchmark scores one (extract: the article-extraction benchmark's checkout).
    var datasetPath: String?
    /// extract: trafilatura's tests folder (evaldata.json, eval/, cache/), the second data set.
    var stringsPath: String?
    /// extract: Readability's test pages (a checkout's test/test-pages folder), the third data set, held out whole.
    var readabilityPath: String?
    /// Exit 1 when a goal is missed.
    var strict = false
    /// Measure our own code only, without comparison programs (for profiling).
    var swiftOnly = false
    /// sync: a folder of FreshRSS's source, to sync with a real FreshRSS beside TT-RSS.
    var freshRSSSource: String?
    /// sync: the folder of the shared recipes that set FreshRSS up (`freshrss-up.sh`).
    var freshRSSScripts: String?
}

struct BenchmarkEntry: Sendable {
    var name: String
    var summary: String
    var run: @MainActor @Sendable (BenchmarkOptions) async throws -> BenchmarkOutcome
}

enum BenchmarkRegistry {
    static let all: [BenchmarkEntry] = [
        BenchmarkEntry(
            name: "decode",
            summary: "NewsAPIDecoder.decode of a 10,000-article document vs Python's json.loads and FoundationEssentials' JSONDecoder",
            run: { try DecodeBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "feeds",
            summary: "DocumentDecoder.decode of a 5,000-item, 5 MB RSS feed vs Python's ElementTree.parse",
            run: { try FeedsBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "redraw",
            summary: "key press to finished redraw through curses on a pty, at 100, 10,000 and 100,000 articles, and with three panes at 100,000",
            run: { try await RedrawBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "redraw-article",
            summary: "key press to finished redraw on an article with a picture (24-bit and 256 colours), scrolling it",
            run: { try await ArticleRedrawBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "save",
            summary: "saving a 200 MB image vs curl -o; a 500 MB enclosure with e vs curl -o (goal ≤ 16 MiB growth); 20 × 1 MB with D vs one by one",
            run: { try await SaveBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "limits",
            summary:
                "peak RSS of an endless body, a 1 GiB gzip bomb, a zstd bomb and an endless image against their caps, and image bombs (progressive JPEG, 16-bit interlaced PNG, GIF) decoded within their budget (goal < 100 MiB)",
            run: { try await LimitsBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "preview",
            summary: "a 4000×3000 JPEG to an 80×24 half-block preview (goal < 60 ms) vs djpeg -scale 1/8",
            run: { try PreviewBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "reload",
            summary: "50 feeds × 1,000 items over 10 loopback hosts, 100 ms each, until every count shows (goal ≤ 2 s) vs newsboat",
            run: { try await ReloadBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "refresh",
            summary: "headlines --refresh of 1,000 feeds × 50 items over 10 loopback hosts into an empty cache, time and peak memory, vs newsboat -x reload",
            run: { try await RefreshBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "scale",
            summary:
                "headlines --refresh of 1,000 and 5,000 feeds × 100 items over 10 loopback hosts, 20 ms each (goal ≤ 1.5x the connections' best, ≤ 48 MiB), requests a host, vs newsboat",
            run: { try await ScaleBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "store",
            summary:
                "the article cache at 100,000 articles: merge a 1,000-item refresh (≤ 50 ms), search (≤ 20 ms), `S`'s first screenful with the true count (≤ 20 ms), open",
            run: { try await StoreBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "save-memory",
            summary: "peak memory growth while a 30 MB image saves (goal ≤ 16 MiB)",
            run: { try await SaveBenchmark.memory($0) }
        ),
        BenchmarkEntry(
            name: "start",
            summary:
                "headlines on a pty to the first headline on screen, 10,000 cached articles in one source (goal ≤ 100 ms, memory ≤ newsboat's) vs newsboat",
            run: { try await StartBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "filter",
            summary: "a list of 100,000 articles: `G`/`g` to the frame showing the true last/first row, and `/` key to finished frame "
                + "while a word is typed and backspaced, counting every match (goal p99 ≤ 16 ms per key)",
            run: { try await FilterBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "extract",
            summary: "full articles from web pages: F1 over word shingles on ScrapingHub's article-extraction benchmark (--dataset DIR) "
                + "and on our own pages, time per page (goal F1 ≥ 0.96, faster than trafilatura) vs trafilatura and readability-lxml",
            run: { try ExtractBenchmark.run($0) }
        ),
        BenchmarkEntry(
            name: "sync",
            summary: "a real TT-RSS with 50 feeds × 200 items: the first sync into an empty cache (goal ≥ 3x faster than newsboat's), "
                + "an incremental sync of 100 new (goal < 1 s), peak memory (goal ≤ newsboat's) vs newsboat's TT-RSS mode; "
                + "with --freshrss SRC the same against a real FreshRSS's Google Reader API",
            run: { try await SyncBenchmark.run($0) }
        ),
    ]
}

func usage() -> String {
    var text = """
        usage: headlines-bench [BENCHMARK|all] [options]

        Benchmarks (default: all):

        """
    let width = BenchmarkRegistry.all.map(\.name.count).max() ?? 0
    for entry in BenchmarkRegistry.all {
        text += "  \(entry.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(entry.summary)\n"
    }
    text += """
          all\(String(repeating: " ", count: max(0, width - 3)))  every benchmark above, in order

        Options:
          --rounds N         timed rounds (default: each benchmark's own)
          --articles N       articles (decode; default 10000), items (feeds; default 5000) or stored articles (store; default 100000;
                             start: default 10000; filter: default 100000; sync: default 10000, over at most 50 feeds) generated
          --document PATH    write the generated input to PATH and keep it (decode, feeds: the document; preview: the JPEG; store: the cache folder;
                             extract: our texts of the --strings tuning pages, as JSON, for tuning)
          --dataset DIR      the data set a benchmark scores (extract: a checkout of github.com/scrapinghub/article-extraction-benchmark,
                             the folder holding html/ and ground-truth.json; without it only our own pages are scored)
          --strings DIR      extract: trafilatura's evaluation pages, the tests folder of a checkout of github.com/adbar/trafilatura
                             (evaldata.json, eval/, cache/), scored by their must-have and must-not strings, a third held out
          --readability DIR  extract: Mozilla Readability's test pages, the test/test-pages folder of a checkout of
                             github.com/mozilla/readability, scored against its expected bodies, never tuned on
          --freshrss SRC     sync: also a real FreshRSS (Google Reader API) on the same feeds, from SRC, a folder of its
                             source (never committed; bring it with the search tool's fetch of FreshRSS/FreshRSS)
          --freshrss-scripts DIR  the shared recipes' folder holding freshrss-up.sh (default: ../shared/sync-servers)
          --swift-only       skip comparison programs such as python3 or newsboat (for profiling)
          --strict           exit 1 when a goal is missed
          -h, --help         show this help

        Build with -c release: debug numbers mean nothing.
        """
    return text
}

func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("headlines-bench: \(message)\n\(usage())\n".utf8))
    exit(2)
}

// MARK: - Command line

/// Reads the command line; exits with usage (status 2) on anything it does not understand.
func parseCommandLine(_ argumentList: [String]) -> (benchmarks: [BenchmarkEntry], options: BenchmarkOptions) {
    var selected: [BenchmarkEntry]?
    var options = BenchmarkOptions()
    var arguments = argumentList[...]

    func positiveInt(_ name: String) -> Int {
        guard let text = arguments.popFirst() else { usageError("\(name) needs a value") }
        guard let value = Int(text), value > 0 else { usageError("\(name) must be a positive integer, not '\(text)'") }
        return value
    }

    while let argument = arguments.popFirst() {
        switch argument {
        case "-h", "--help", "help":
            print(usage())
            exit(0)
        case "--rounds": options.rounds = positiveInt(argument)
        case "--articles": options.articles = positiveInt(argument)
        case "--document":
            guard let path = arguments.popFirst() else { usageError("--document needs a path") }
            options.documentPath = path
        case "--dataset":
            guard let path = arguments.popFirst() else { usageError("--dataset needs a folder") }
            options.datasetPath = path
        case "--strings":
            guard let path = arguments.popFirst() else { usageError("--strings needs a folder") }
            options.stringsPath = path
        case "--readability":
            guard let path = arguments.popFirst() else { usageError("--readability needs a folder") }
            options.readabilityPath = path
        case "--freshrss":
            guard let path = arguments.popFirst() else { usageError("--freshrss needs a folder of FreshRSS's source") }
            options.freshRSSSource = path
        case "--freshrss-scripts":
            guard let path = arguments.popFirst() else { usageError("--freshrss-scripts needs a folder") }
            options.freshRSSScripts = path
        case "--strict": options.strict = true
        case "--swift-only": options.swiftOnly = true
        case "all":
            guard selected == nil else { usageError("give one benchmark or 'all'") }
            selected = BenchmarkRegistry.all
        default:
            guard !argument.hasPrefix("-") else { usageError("unknown option '\(argument)'") }
            guard selected == nil else { usageError("give one benchmark or 'all'") }
            guard let entry = BenchmarkRegistry.all.first(where: { $0.name == argument }) else {
                usageError("unknown benchmark '\(argument)'")
            }
            selected = [entry]
        }
    }
    return (selected ?? BenchmarkRegistry.all, options)
}

// The child processes of the memory figures: a server (see ChildServer) and a fetch (see LimitsBenchmark).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "serve" {
    ChildServer.serve(CommandLine.arguments[2], bytes: Int(CommandLine.arguments[3]) ?? 0)
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "reload-probe" {
    await ReloadBenchmark.probeMain(CommandLine.arguments[2])
}
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "limits-probe" {
    await LimitsBenchmark.probeMain(CommandLine.arguments[2], CommandLine.arguments[3])
}

// One page through the extractor, for tuning: `extract-page FILE URL` prints what it made of it.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "extract-page" {
    ExtractBenchmark.printOne(CommandLine.arguments[2], url: CommandLine.arguments[3])
}

let (selected, options) = parseCommandLine(Array(CommandLine.arguments.dropFirst()))

#if DEBUG
    FileHandle.standardError.write(Data("headlines-bench: warning: this is a debug build; use -c release\n".utf8))
#endif

// MARK: - Run

var outcomes: [(name: String, outcome: BenchmarkOutcome)] = []
var failed = false
for entry in selected {
    report("== \(entry.name): \(entry.summary)")
    // Wall times on a shared machine mean little without its load beside them.
    report("machine load at the start: \(machineLoad())")
    do {
        let outcome = try await entry.run(options)
        outcomes.append((entry.name, outcome))
        report("machine load at the end: \(machineLoad())")
    } catch {
        report("\(entry.name): FAILED: \(error)")
        failed = true
    }
    report()
}

if !outcomes.isEmpty {
    report("== summary")
    for (name, outcome) in outcomes {
        let mark = outcome.goalMet.map { $0 ? "PASS" : "MISS" } ?? "----"
        report("\(mark)  \(name): \(outcome.summary)")
    }
}
let missed = outcomes.contains { $0.outcome.goalMet == false }
exit(failed ? 1 : (options.strict && missed ? 1 : 0))
