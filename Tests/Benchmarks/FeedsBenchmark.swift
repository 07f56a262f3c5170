import Foundation
import TestSupport
#if canImport(FoundationXML)
    import FoundationXML
#endif
import NewsCore

/// Reading a big RSS feed: `DocumentDecoder.decode` (encoding check, preparation, XML parse,
/// articles built, sanitised, dated, linked) of a 5,000-item, 5 MB RSS 2.0 document with
/// `content:encoded`, against CPython's `xml.etree.ElementTree.parse` of the same file.
///
/// Goal (issue 56; 1.0 before it): a fifth faster than Python (ratio ≤ 0.8, median wall time;
/// both read the file inside the timing).
enum FeedsBenchmark {
    static let defaultItems = 5_000
    static let defaultRounds = 9
    static let goalRatio = 0.8
    static let feedURL = URL(string: "https://www.example-news.com/feed.xml")!

    static func run(_ options: BenchmarkOptions) throws -> BenchmarkOutcome {
        let itemCount = options.articles ?? defaultItems
        let rounds = options.rounds ?? defaultRounds

        var generator = RSSDocumentGenerator(seed: 0x4665_6564_7321)
        let document = generator.generate(items: itemCount)
        let input = try BenchmarkInput(options, temporaryName: "feed.xml")
        defer { input.discard() }
        let fileURL = input.url
        try Data(document.bytes).write(to: fileURL)
        report("document: \(fileURL.path)")
        report("  \(Format.bytes(document.bytes.count)) (\(document.bytes.count) bytes), \(itemCount) items")

        var python: String?
        if !options.swiftOnly {
            guard let found = ExternalCommand.find("python3") else { throw BenchmarkFailure("python3 not found on PATH") }
            python = found
        }
        func check(_ edition: Edition) throws {
            guard edition.articles.count == itemCount, edition.skipped == 0 else {
                throw BenchmarkFailure("decoded \(edition.articles.count) articles (\(edition.skipped) skipped), expected \(itemCount)")
            }
            var dated = 0, withBody = 0, withImage = 0
            for article in edition.articles {
                if article.publishedAt != nil { dated += 1 }
                if article.body != nil { withBody += 1 }
                if article.imageURL != nil { withImage += 1 }
            }
            guard dated == itemCount, withBody == itemCount, withImage == itemCount else {
                throw BenchmarkFailure("\(dated) dated, \(withBody) with a body, \(withImage) with an image, of \(itemCount)")
            }
        }
        /// What `headlines` does with a feed it has fetched: read, decode.
        func readAndDecode() throws -> Edition {
            let data = try Data(contentsOf: fileURL)
            return try DocumentDecoder.decode(data, baseURL: feedURL, contentType: "application/rss+xml")
        }

        var swiftTotal = Series(), swiftDecode = Series(), parserFloor = Series(), pythonParse = Series()
        report("rounds: \(rounds) timed (+1 warm-up)" + (python == nil ? ", Swift only" : ", alternating Swift and Python"))
        for round in 0...rounds {
            let timed = round > 0
            ResidentMemory.releaseFreeMemory()
            Timing.warmUpCPU()  // Python starts its clock hot, just after starting up; so do we
            let (edition, total) = try Timing.measure { try readAndDecode() }
            try check(edition)

            let data = try Data(contentsOf: fileURL)
            ResidentMemory.releaseFreeMemory()
            let (decoded, decode) = try Timing.measure {
                try DocumentDecoder.decode(data, baseURL: feedURL, contentType: "application/rss+xml")
            }
            try check(decoded)
            // The floor: XMLParser alone, with a delegate that does nothing.
            let floor = Timing.measure { NoOpXMLDelegate.parse(data) }.time

            var line =
                "  round \(timed ? String(round) : "w"): swift read+decode \(Format.milliseconds(total.wall)) ms "
                + "(decode \(Format.milliseconds(decode.wall)), XMLParser alone \(Format.milliseconds(floor.wall)))"
            if timed {
                swiftTotal.append(total)
                swiftDecode.append(decode)
                parserFloor.append(floor)
            }
            if let python {
                let parse = try pythonTime(python, fileURL.path)
                if timed { pythonParse.append(parse) }
                line += ", python ET.parse \(Format.milliseconds(parse.wall)) ms"
            }
            report(line)
        }

        func row(_ name: String, _ series: Series) -> [String] {
            [name, Format.milliseconds(series.wall.median), Format.milliseconds(series.wall.min), Format.milliseconds(series.cpu.median)]
        }
        var rows = [
            row("Swift  read + DocumentDecoder.decode", swiftTotal),
            row("  step DocumentDecoder.decode(data)", swiftDecode),
            row("  ref  XMLParser, no-op delegate", parserFloor),
        ]
        if python != nil { rows.append(row("Python xml.etree.ElementTree.parse(path)", pythonParse)) }
        report()
        report(Format.table(["\(itemCount) items, \(Format.bytes(document.bytes.count))", "median ms", "min ms", "cpu median ms"], rows))
        guard python != nil else {
            return BenchmarkOutcome(summary: "swift \(Format.milliseconds(swiftTotal.wall.median)) ms (no comparison: --swift-only)", goalMet: nil)
        }
        let wallRatio = swiftTotal.wall.median.milliseconds / pythonParse.wall.median.milliseconds
        let cpuRatio = swiftTotal.cpu.median.milliseconds / pythonParse.cpu.median.milliseconds
        let met = wallRatio <= goalRatio
        report("ratio Swift/Python: median \(Format.ratio(wallRatio)), cpu median \(Format.ratio(cpuRatio))")
        report("goal: ≤ \(goalRatio)x python ElementTree.parse (median wall): \(met ? "PASS" : "MISS") (\(Format.ratio(wallRatio)))")
        return BenchmarkOutcome(
            summary: "swift \(Format.milliseconds(swiftTotal.wall.median)) ms vs python ElementTree.parse "
                + "\(Format.milliseconds(pythonParse.wall.median)) ms = \(Format.ratio(wallRatio)) (cpu \(Format.ratio(cpuRatio))), goal ≤ \(goalRatio)x",
            goalMet: met
        )
    }

    /// Python's parse of the file, timed inside Python (start-up excluded): wall and CPU seconds.
    private static func pythonTime(_ python: String, _ path: String) throws -> TimedRun {
        let script = #"""
            import xml.etree.ElementTree as ET,time,sys; c=time.thread_time(); t=time.perf_counter(); ET.parse(sys.argv[1]); t=time.perf_counter()-t; c=time.thread_time()-c; print(t, c)
            """#
        let output = try ExternalCommand.output(python, ["-c", script, path])
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let wall = Double(fields[0]), let cpu = Double(fields[1]) else {
            throw BenchmarkFailure("python printed '\(output)', not two times")
        }
        return TimedRun(wall: .fractionalSeconds(wall), cpu: .fractionalSeconds(cpu))
    }
}

/// XMLParser with a delegate that ignores every callback: the cost of the parser and its bridging.
private final class NoOpXMLDelegate: NSObject, XMLParserDelegate {
    static func parse(_ data: Data) -> Bool {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        let delegate = NoOpXMLDelegate()
        parser.delegate = delegate
        return parser.parse()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {}
}
