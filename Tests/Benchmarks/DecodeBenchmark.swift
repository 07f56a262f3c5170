import TestSupport
import Foundation
import FoundationEssentials
import NewsCore

/// Decoding a large NewsAPI response: `NewsAPIDecoder.decode(data)` (JSON parse, date parse,
/// sanitising, URL checks) against CPython's `json.loads` parsing the same bytes, and against
/// FoundationEssentials' `JSONDecoder` decoding them into `Codable` structs of NewsAPI's shape
/// (the platform's way, which the project's own parser replaced): with the dates left as
/// strings (a parse into typed values, as `NewsAPIDecoder` reads them) and with `.iso8601`.
///
/// Goal (issue 56; 1.5x before it): the Swift decode takes no longer than Python's parse
/// (measured inside Python, without interpreter start-up or the file read).
enum DecodeBenchmark {
    static let defaultArticles = 10_000
    static let defaultRounds = 9
    static let goalRatio = 1.0
    /// What `NewsAPISource` passes as the base for relative links: the response's URL.
    static let productionBaseURL = URL(string: "https://newsapi.org/v2/top-headlines?country=us&pageSize=100")!

    static func run(_ options: BenchmarkOptions) throws -> BenchmarkOutcome {
        let articleCount = options.articles ?? defaultArticles
        let rounds = options.rounds ?? defaultRounds

        // 1. The document, generated the same way every time.
        var generator = NewsAPIDocumentGenerator(seed: 0x4865_6164_6C69_6E65)
        let document = generator.generate(articles: articleCount)
        let input = try BenchmarkInput(options, temporaryName: "newsapi.json")
        defer { input.discard() }
        let fileURL = input.url
        try Data(document.bytes).write(to: fileURL)

        // The bytes are read once, outside the timing; Python reads its own copy the same way.
        let data = try Data(contentsOf: fileURL)
        report("document: \(fileURL.path)")
        report(
            "  \(Format.bytes(data.count)) (\(data.count) bytes), \(articleCount) entries: "
                + "\(document.expectedArticles) articles expected, \(document.removedCount) [Removed] placeholders")

        var python: String?
        if !options.swiftOnly {
            guard let found = ExternalCommand.find("python3") else { throw BenchmarkFailure("python3 not found on PATH") }
            python = found
        }
        let expected = document.expectedArticles
        func check(_ edition: Edition) throws {
            guard edition.articles.count == expected, edition.skipped == articleCount - expected else {
                throw BenchmarkFailure(
                    "decoded \(edition.articles.count) articles (\(edition.skipped) skipped), expected \(expected)")
            }
        }

        // 2. Peak memory of one Swift decode, above what the process already had (measured first,
        // before the timed rounds leave freed memory behind in malloc).
        ResidentMemory.releaseFreeMemory()
        let before = ResidentMemory.current()
        let (firstEdition, peak, wasReset) = try ResidentMemory.measurePeak { try NewsAPIDecoder.decode(data) }
        try check(firstEdition)

        // 3. Alternate Swift and Python so that both see the same machine state; round 0 is a warm-up.
        var swiftDecode = Series(), swiftParse = Series(), swiftFree = Series()
        var swiftBased = Series(), pythonLoads = Series(), pythonLoad = Series()
        var codable = Series(), codableDates = Series()
        var codableDatesFailure: String?
        var pythonPeak: Int?
        report("rounds: \(rounds) timed (+1 warm-up)" + (python == nil ? ", Swift only" : ", alternating Swift and Python"))
        for round in 0...rounds {
            let timed = round > 0
            // Before each timed step, memory freed by the last one goes back to the system, so every
            // step starts as a fresh Python process does, paying for the pages it touches.

            // (a) Swift, the whole decode (read front to back, no tree built). The Edition is kept
            // alive until after the clock stops.
            ResidentMemory.releaseFreeMemory()
            Timing.warmUpCPU()  // Python starts its clock hot, just after starting up; so do we
            let (edition, decodeTime) = try Timing.measure { try NewsAPIDecoder.decode(data) }
            try check(edition)

            // For comparison with Python's parse, which builds one: the whole tree of the same bytes
            // (as JSON Feeds are read), and freeing it.
            var tree: TreeBox? = nil
            ResidentMemory.releaseFreeMemory()
            let parseTime = try Timing.measure { tree = TreeBox(try JSONParser.parse(data)) }.time
            guard tree?.value["articles"]?.array?.count == articleCount else { throw BenchmarkFailure("the tree lacks articles") }
            let freeTime = Timing.measure { tree = nil }.time

            // As `NewsAPISource` calls it, with the response's URL as the base for relative links.
            ResidentMemory.releaseFreeMemory()
            let (based, basedTime) = try Timing.measure { try NewsAPIDecoder.decode(data, baseURL: productionBaseURL) }
            try check(based)

            // FoundationEssentials' JSONDecoder on the same bytes, into Codable structs.
            ResidentMemory.releaseFreeMemory()
            let (body, codableTime) = try Timing.measure { try FoundationEssentials.JSONDecoder().decode(CodableBody<String>.self, from: data) }
            guard body.articles.count == articleCount else { throw BenchmarkFailure("JSONDecoder read \(body.articles.count) articles") }
            ResidentMemory.releaseFreeMemory()
            var datesTime: TimedRun?
            if codableDatesFailure == nil {
                do {
                    datesTime = try Timing.measure { try iso8601Decoder().decode(CodableBody<Date>.self, from: data) }.time
                } catch {
                    codableDatesFailure = "\(error)"
                }
            }

            if timed {
                codable.append(codableTime)
                if let datesTime { codableDates.append(datesTime) }
                swiftDecode.append(decodeTime)
                swiftParse.append(parseTime)
                swiftFree.append(freeTime)
                swiftBased.append(basedTime)
            }
            var line =
                "  round \(timed ? String(round) : "w"): swift \(Format.milliseconds(decodeTime.wall)) ms "
                + "(with baseURL \(Format.milliseconds(basedTime.wall))); tree: parse \(Format.milliseconds(parseTime.wall)), "
                + "free \(Format.milliseconds(freeTime.wall)), "
                + "JSONDecoder \(Format.milliseconds(codableTime.wall)) ms"

            // (b) Python: json.loads on bytes already read, timed inside Python; then json.load(open()).
            if let python {
                let loads = try pythonTimes(python, PythonScripts.loads, fileURL.path)
                let load = try pythonTimes(python, PythonScripts.load, fileURL.path)
                if timed {
                    pythonLoads.append(loads.time)
                    pythonLoad.append(load.time)
                    pythonPeak = max(pythonPeak ?? 0, loads.peakBytes ?? 0)
                }
                line += ", python loads \(Format.milliseconds(loads.time.wall)) ms, load \(Format.milliseconds(load.time.wall)) ms"
            }
            report(line)
        }

        // 4. The table.
        func row(_ name: String, _ series: Series) -> [String] {
            [
                name, Format.milliseconds(series.wall.median), Format.milliseconds(series.wall.min),
                Format.milliseconds(series.cpu.median),
            ]
        }
        var rows = [
            row("Swift  NewsAPIDecoder.decode(data)", swiftDecode),
            row("Swift  decode(data, baseURL:) as NewsService", swiftBased),
            row("Swift  JSONParser.parse(data) to a tree only", swiftParse),
            row("  then freeing the JSONValue tree", swiftFree),
            row("Swift  JSONDecoder to Codable, dates as strings", codable),
        ]
        if !codableDates.wall.isEmpty { rows.append(row("Swift  JSONDecoder to Codable, dates .iso8601", codableDates)) }
        if python != nil {
            rows += [row("Python json.loads(bytes)", pythonLoads), row("Python json.load(open(path))", pythonLoad)]
        }
        report()
        report(
            Format.table(
                ["decode \(articleCount) articles, \(Format.bytes(data.count))", "median ms", "min ms", "cpu median ms"], rows))
        if let peak, let before, wasReset {
            report(
                "Swift peak RSS during one decode: +\(Format.bytes(max(0, peak - before))) "
                    + "over \(Format.bytes(before)) (the \(Format.bytes(data.count)) input included in the latter)")
        } else if let peak {
            report("Swift peak RSS (process lifetime; could not reset): \(Format.bytes(peak))")
        }
        if let codableDatesFailure { report("JSONDecoder with .iso8601 failed: \(codableDatesFailure)") }
        try compareDates(data, rounds: rounds)
        let parseRatio = codable.wall.median.milliseconds / swiftParse.wall.median.milliseconds
        let decodeRatio = codable.wall.median.milliseconds / swiftDecode.wall.median.milliseconds
        report(
            "ratio JSONDecoder (Codable, string dates) / JSONParser.parse: median \(Format.ratio(parseRatio)); "
                + "/ the whole NewsAPIDecoder.decode: \(Format.ratio(decodeRatio))")
        guard python != nil else {
            return BenchmarkOutcome(
                summary: "swift \(Format.milliseconds(swiftDecode.wall.median)) ms (no comparison: --swift-only)", goalMet: nil)
        }
        if let pythonPeak, pythonPeak > 0 { report("Python peak RSS (json.loads process): \(Format.bytes(pythonPeak))") }

        func ratio(_ swift: Samples, _ python: Samples, _ statistic: (Samples) -> Duration) -> Double {
            statistic(swift).milliseconds / statistic(python).milliseconds
        }
        let wallRatio = ratio(swiftDecode.wall, pythonLoads.wall, \.median)
        let cpuRatio = ratio(swiftDecode.cpu, pythonLoads.cpu, \.median)
        let met = wallRatio <= goalRatio
        report(
            "ratio Swift/Python json.loads: median \(Format.ratio(wallRatio)), min "
                + "\(Format.ratio(ratio(swiftDecode.wall, pythonLoads.wall, \.min))), "
                + "cpu median \(Format.ratio(cpuRatio)) (cpu time is steadier when the machine is busy)")
        report(
            "ratio JSONDecoder (Codable, string dates) / Python json.loads: median "
                + "\(Format.ratio(ratio(codable.wall, pythonLoads.wall, \.median)))")
        report("ratio Swift/Python json.load(open(path)): median \(Format.ratio(ratio(swiftDecode.wall, pythonLoad.wall, \.median)))")
        report(
            "goal: ≤ \(goalRatio)x python json.load (json.loads parse time, median wall): "
                + "\(met ? "PASS" : "MISS") (\(Format.ratio(wallRatio)))")

        return BenchmarkOutcome(
            summary: "swift \(Format.milliseconds(swiftDecode.wall.median)) ms vs python json.loads "
                + "\(Format.milliseconds(pythonLoads.wall.median)) ms = \(Format.ratio(wallRatio)) "
                + "(cpu \(Format.ratio(cpuRatio))), goal ≤ \(goalRatio)x",
            goalMet: met
        )
    }

    /// The document's `publishedAt` strings parsed by `ISO8601.parse` and by FoundationEssentials'
    /// `Date.ISO8601FormatStyle` (which reads them with or without a fraction): the time per
    /// date, and that the two agree on every one.
    private static func compareDates(_ data: Data, rounds: Int) throws {
        let dates = try FoundationEssentials.JSONDecoder().decode(CodableBody<String>.self, from: data).articles.compactMap(\.publishedAt)
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        func styleParse(_ text: String) -> Date? {
            try? style.parse(text)  // nil: counted as a disagreement below
        }
        var disagreements = 0
        for text in dates {
            switch (ISO8601.parse(text), styleParse(text)) {
            case (let ours?, let theirs?) where abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 1e-3: break
            default: disagreements += 1
            }
        }
        var ours = Samples(), theirs = Samples()
        for _ in 0...rounds {
            var found = 0
            ours.append(Timing.measure { for text in dates where ISO8601.parse(text) != nil { found += 1 } }.time.wall)
            theirs.append(Timing.measure { for text in dates where styleParse(text) != nil { found += 1 } }.time.wall)
            guard found > 0 else { throw BenchmarkFailure("no date parsed") }
        }
        func perDate(_ samples: Samples) -> String {
            String(format: "%.3f", samples.median.milliseconds * 1000 / Double(max(1, dates.count)))
        }
        report(
            "dates: \(dates.count) publishedAt strings, median µs a date: ISO8601.parse \(perDate(ours)), "
                + "Date.ISO8601FormatStyle \(perDate(theirs)) (\(Format.ratio(theirs.median.milliseconds / ours.median.milliseconds)) slower); "
                + "they disagree on \(disagreements)")
    }

    /// NewsAPI's response as `Codable` structs, every field NewsAPI may leave out or null optional;
    /// `publishedAt` as a `String` or, with `.iso8601`, a `Date`.
    struct CodableBody<Published: Decodable>: Decodable {
        struct Source: Decodable {
            let id: String?
            let name: String?
        }

        struct Article: Decodable {
            let source: Source?
            let author: String?
            let title: String?
            let description: String?
            let url: String?
            let urlToImage: String?
            let publishedAt: Published?
            let content: String?
        }

        let status: String
        let totalResults: Int?
        let articles: [Article]
    }

    /// `.iso8601` dates: RFC 3339 with or without fractional seconds, as FoundationEssentials reads them.
    static func iso8601Decoder() -> FoundationEssentials.JSONDecoder {
        let decoder = FoundationEssentials.JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Holds a parsed tree so that the moment it is freed can be timed.
    private final class TreeBox {
        let value: JSONValue
        init(_ value: JSONValue) { self.value = value }
    }

    /// Runs one Python timing script: it prints wall seconds, CPU seconds and, optionally, its
    /// peak RSS in KiB.
    private static func pythonTimes(_ python: String, _ script: String, _ path: String) throws -> (time: TimedRun, peakBytes: Int?) {
        let output = try ExternalCommand.output(python, ["-c", script, path])
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let wall = Double(fields[0]), let cpu = Double(fields[1]) else {
            throw BenchmarkFailure("python printed '\(output)', not two times")
        }
        let peak = fields.count > 2 ? Int(fields[2]).map { $0 * 1_024 } : nil
        return (TimedRun(wall: .fractionalSeconds(wall), cpu: .fractionalSeconds(cpu)), peak)
    }

    /// The timing scripts. The wall time is `time.perf_counter()`'s; `time.thread_time()` gives
    /// the CPU time beside it.
    enum PythonScripts {
        /// The parse alone: bytes already in memory, as for the Swift decoder.
        /// (The result is dropped inside the timing, so freeing it is counted too.)
        static let loads = #"""
            import json,time,sys,resource; d=open(sys.argv[1],"rb").read(); c=time.thread_time(); t=time.perf_counter(); json.loads(d); t=time.perf_counter()-t; c=time.thread_time()-c; print(t, c, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
            """#
        /// The usual idiom, reading and decoding the file inside the timing.
        static let load = #"""
            import json,time,sys; c=time.thread_time(); t=time.perf_counter(); json.load(open(sys.argv[1],encoding="utf-8")); t=time.perf_counter()-t; c=time.thread_time()-c; print(t, c)
            """#
    }
}
