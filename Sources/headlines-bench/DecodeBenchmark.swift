import TestSupport
import Foundation
import NewsCore

/// Decoding a large NewsAPI response: `NewsAPIDecoder.decode(data)` (JSON parse, date parse,
/// sanitising, URL checks) against CPython's `json.loads` parsing the same bytes.
///
/// Goal: the Swift decode takes at most 1.5× Python's parse time (measured inside Python,
/// without interpreter start-up or the file read).
enum DecodeBenchmark {
    static let defaultArticles = 10_000
    static let defaultRounds = 9
    static let goalRatio = 1.5
    /// What NewsService passes as the base for relative links: the response's URL.
    static let productionBaseURL = URL(string: "https://newsapi.org/v2/top-headlines?country=us&pageSize=100")!

    static func run(_ options: BenchmarkOptions) throws -> BenchmarkOutcome {
        let articleCount = options.articles ?? defaultArticles
        let rounds = options.rounds ?? defaultRounds

        // 1. The document, generated the same way every time.
        var generator = NewsAPIDocumentGenerator(seed: 0x4865_6164_6C69_6E65)
        let document = generator.generate(articles: articleCount)
        let fileURL: URL
        if let path = options.documentPath {
            fileURL = URL(fileURLWithPath: path)
        } else {
            fileURL = FileManager.default.temporaryDirectory
                .appendingPathComponent("headlines-bench-newsapi-\(ProcessInfo.processInfo.processIdentifier).json")
        }
        try Data(document.bytes).write(to: fileURL)
        defer { if options.documentPath == nil { try? FileManager.default.removeItem(at: fileURL) } }

        // The bytes are read once, outside the timing; Python reads its own copy the same way.
        let data = try Data(contentsOf: fileURL)
        report("document: \(fileURL.path)")
        report("  \(Format.bytes(data.count)) (\(data.count) bytes), \(articleCount) entries: "
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
        PeakMemory.releaseFreeMemory()
        let before = PeakMemory.currentResident()
        let (firstEdition, peak, wasReset) = try PeakMemory.measurePeak { try NewsAPIDecoder.decode(data) }
        try check(firstEdition)

        // 3. Alternate Swift and Python so that both see the same machine state; round 0 is a warm-up.
        var swiftDecode = Series(), swiftParse = Series(), swiftWalk = Series(), swiftFree = Series()
        var swiftBased = Series(), pythonLoads = Series(), pythonLoad = Series()
        var pythonPeak: Int?
        report("rounds: \(rounds) timed (+1 warm-up)" + (python == nil ? ", Swift only" : ", alternating Swift and Python"))
        for round in 0...rounds {
            let timed = round > 0
            // Before each timed step, memory freed by the last one goes back to the system, so every
            // step starts as a fresh Python process does, paying for the pages it touches.

            // (a) Swift, the whole decode. The Edition is kept alive until after the clock stops;
            // the JSONValue tree is freed inside decode, so that is counted.
            PeakMemory.releaseFreeMemory()
            Timing.warmUpCPU()  // Python starts its clock hot, just after starting up; so do we
            let (edition, decodeTime) = try Timing.measure { try NewsAPIDecoder.decode(data) }
            try check(edition)

            // Sub-steps: the JSON parse alone, the walk over the parsed tree alone, freeing the tree.
            var tree: TreeBox? = nil
            PeakMemory.releaseFreeMemory()
            let parseTime = try Timing.measure { tree = TreeBox(try JSONParser.parse(data)) }.time
            let (walked, walkTime) = try Timing.measure { try NewsAPIDecoder.decode(tree!.value) }
            try check(walked)
            let freeTime = Timing.measure { tree = nil }.time

            // As NewsService calls it, with the response's URL as the base for relative links.
            PeakMemory.releaseFreeMemory()
            let (based, basedTime) = try Timing.measure { try NewsAPIDecoder.decode(data, baseURL: productionBaseURL) }
            try check(based)

            if timed {
                swiftDecode.append(decodeTime)
                swiftParse.append(parseTime)
                swiftWalk.append(walkTime)
                swiftFree.append(freeTime)
                swiftBased.append(basedTime)
            }
            var line = "  round \(timed ? String(round) : "w"): swift \(Format.milliseconds(decodeTime.wall)) ms "
                + "(parse \(Format.milliseconds(parseTime.wall)), walk \(Format.milliseconds(walkTime.wall)), "
                + "free \(Format.milliseconds(freeTime.wall)); with baseURL \(Format.milliseconds(basedTime.wall)))"

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
            [name, Format.milliseconds(series.wall.median), Format.milliseconds(series.wall.min),
             Format.milliseconds(series.cpu.median)]
        }
        var rows = [
            row("Swift  NewsAPIDecoder.decode(data)", swiftDecode),
            row("  step JSONParser.parse(data)", swiftParse),
            row("  step NewsAPIDecoder.decode(JSONValue)", swiftWalk),
            row("  step freeing the JSONValue tree", swiftFree),
            row("Swift  decode(data, baseURL:) as NewsService", swiftBased),
        ]
        if python != nil {
            rows += [row("Python json.loads(bytes)", pythonLoads), row("Python json.load(open(path))", pythonLoad)]
        }
        report()
        report(Format.table(
            ["decode \(articleCount) articles, \(Format.bytes(data.count))", "median ms", "min ms", "cpu median ms"], rows))
        if let peak, let before, wasReset {
            report("Swift peak RSS during one decode: +\(Format.bytes(max(0, peak - before))) "
                + "over \(Format.bytes(before)) (the \(Format.bytes(data.count)) input included in the latter)")
        } else if let peak {
            report("Swift peak RSS (process lifetime; could not reset): \(Format.bytes(peak))")
        }
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
        report("ratio Swift/Python json.loads: median \(Format.ratio(wallRatio)), min "
            + "\(Format.ratio(ratio(swiftDecode.wall, pythonLoads.wall, \.min))), "
            + "cpu median \(Format.ratio(cpuRatio)) (cpu time is steadier when the machine is busy)")
        report("ratio Swift/Python json.load(open(path)): median \(Format.ratio(ratio(swiftDecode.wall, pythonLoad.wall, \.median)))")
        report("goal: ≤ \(goalRatio)x python json.load (json.loads parse time, median wall): "
            + "\(met ? "PASS" : "MISS") (\(Format.ratio(wallRatio)))")

        return BenchmarkOutcome(
            summary: "swift \(Format.milliseconds(swiftDecode.wall.median)) ms vs python json.loads "
                + "\(Format.milliseconds(pythonLoads.wall.median)) ms = \(Format.ratio(wallRatio)) "
                + "(cpu \(Format.ratio(cpuRatio))), goal ≤ \(goalRatio)x",
            goalMet: met
        )
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

// MARK: - The document

/// A deterministic generator of NewsAPI-like responses, realistic in size and texture:
/// mixed sources and languages, nulls where NewsAPI has them, three date styles, `[Removed]`
/// placeholders, a few hostile strings (escape sequences, newlines), non-ASCII throughout.
struct NewsAPIDocumentGenerator {
    struct Document {
        var bytes: [UInt8]
        var expectedArticles: Int
        var removedCount: Int
    }

    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private struct Source {
        var id: String?
        var name: String
        var host: String
        var language: Language
    }

    private enum Language { case english, french, german, spanish, japanese, chinese }

    private static let sources: [Source] = [
        Source(id: "bbc-news", name: "BBC News", host: "www.bbc.co.uk", language: .english),
        Source(id: "reuters", name: "Reuters", host: "www.reuters.com", language: .english),
        Source(id: "the-verge", name: "The Verge", host: "www.theverge.com", language: .english),
        Source(id: "techcrunch", name: "TechCrunch", host: "techcrunch.com", language: .english),
        Source(id: "ars-technica", name: "Ars Technica", host: "arstechnica.com", language: .english),
        Source(id: "associated-press", name: "Associated Press", host: "apnews.com", language: .english),
        Source(id: "cnn", name: "CNN", host: "www.cnn.com", language: .english),
        Source(id: nil, name: "Gizmodo.com", host: "gizmodo.com", language: .english),
        Source(id: nil, name: "Yahoo Entertainment", host: "www.yahoo.com", language: .english),
        Source(id: nil, name: "Forbes", host: "www.forbes.com", language: .english),
        Source(id: nil, name: "Le Monde", host: "www.lemonde.fr", language: .french),
        Source(id: "le-figaro", name: "Le Figaro", host: "www.lefigaro.fr", language: .french),
        Source(id: "die-zeit", name: "Die Zeit", host: "www.zeit.de", language: .german),
        Source(id: nil, name: "Süddeutsche Zeitung", host: "www.sueddeutsche.de", language: .german),
        Source(id: "el-mundo", name: "El Mundo", host: "www.elmundo.es", language: .spanish),
        Source(id: nil, name: "El País", host: "elpais.com", language: .spanish),
        Source(id: nil, name: "NHK", host: "www3.nhk.or.jp", language: .japanese),
        Source(id: nil, name: "日本経済新聞", host: "www.nikkei.com", language: .japanese),
        Source(id: nil, name: "新华网", host: "www.news.cn", language: .chinese),
    ]

    private static let englishWords = """
        the a of to in and for on with as at by from after over new says could will may more than \
        government minister election market markets stocks shares record quarter profit loss company \
        tech apple google microsoft amazon meta openai nvidia chip chips ai model models launch \
        launches update report reports study finds scientists climate heat wave storm hurricane \
        flood wildfire city police court judge ruling case trial president senate house vote bill \
        budget tax inflation rates bank federal reserve economy jobs workers strike union deal \
        talks ceasefire war peace border security data privacy users app phone iphone android \
        game games review season team coach win wins loses final league cup championship fans \
        music film movie series streaming netflix disney star stars new york london paris tokyo \
        berlin beijing health hospital vaccine covid drug patients doctors school students \
        university research space nasa rocket moon mars launch satellite energy oil gas solar \
        electric car cars tesla battery price prices housing rent home sales retail consumers
        """.split(separator: " ").map(String.init)

    private static let frenchWords = """
        le la les des du une un et à pour sur dans avec après été été économie président ministre \
        gouvernement élection réforme retraites grève énergie électricité prix hausse baisse \
        marché entreprises société santé hôpital médecins élèves rentrée scolaire météo orages \
        chaleur sécheresse incendie forêt police justice procès député assemblée nationale \
        européenne française françaises étrangère sécurité numérique données données réseau
        """.split(separator: " ").map(String.init)

    private static let germanWords = """
        der die das und für mit nach über Regierung Bundesregierung Kanzler Wahl Wähler Umfrage \
        Wirtschaft Märkte Börse Preise Mieten Wohnungen Städte Gemeinden Schüler Lehrer Bahn \
        Streik Gewerkschaft Klimaschutz Hitze Unwetter Überschwemmung Polizei Gericht Urteil \
        Flüchtlinge Grenze Sicherheit Verteidigung Bundeswehr Energie Strom Gas Heizung Gesetz
        """.split(separator: " ").map(String.init)

    private static let spanishWords = """
        el la los las de del y en para con sobre tras según gobierno presidente ministro \
        elecciones economía mercado precios vivienda alquiler empleo huelga sanidad hospital \
        médicos educación escuela calor incendio tormenta policía tribunal juicio congreso \
        España Madrid Barcelona México Argentina energía eléctrica campaña fútbol liga año
        """.split(separator: " ").map(String.init)

    private static let japaneseWords = """
        政府 首相 会見 発表 経済 株価 円安 日銀 金利 台風 大雨 警報 地震 津波 東京 大阪 選挙 \
        自民党 国会 予算 物価 賃上げ 企業 決算 輸出 半導体 人工知能 開発 医療 病院 学校 \
        新型 対策 調査 結果 発生 影響 運転 見合わせ 、 、 。
        """.split(separator: " ").map(String.init)

    private static let chineseWords = """
        国务院 总理 会议 经济 发展 市场 企业 科技 创新 人工智能 新能源 汽车 出口 增长 \
        北京 上海 广州 深圳 台风 暴雨 预警 教育 医疗 卫生 文化 旅游 消费 政策 发布 、 。
        """.split(separator: " ").map(String.init)

    private static let emoji = ["🔥", "🚀", "📈", "⚽️", "🇺🇦", "👩‍💻", "🎉", "😂", "💥", "🌍"]
    private static let sections = ["news", "world", "business", "technology", "science", "sport", "culture", "politics"]
    private static let firstNames = ["Jane", "John", "María", "Zoë", "Björn", "Amélie", "Wei", "Yuki", "Ahmed", "Priya", "Tom", "Sarah"]
    private static let lastNames = ["Smith", "García", "Müller", "Dubois", "Tanaka", "Chen", "O'Brien", "Kowalski", "Nguyen", "Johnson"]

    mutating func generate(articles count: Int) -> Document {
        var out = JSONWriter()
        out.raw(#"{"status":"ok","totalResults":"#)
        out.raw(String(count))
        out.raw(#","articles":["#)
        var removed = 0
        for index in 0..<count {
            if index > 0 { out.raw(",") }
            // About 1% are NewsAPI's placeholders for withdrawn articles; the decoder drops them.
            if random.chance(0.01) {
                removed += 1
                out.raw(#"{"source":{"id":null,"name":"[Removed]"},"author":null,"title":"[Removed]","#
                    + #""description":"[Removed]","url":"https://removed.com","urlToImage":null,"#
                    + #""publishedAt":"1970-01-01T00:00:00Z","content":"[Removed]"}"#)
                continue
            }
            article(index, into: &out)
        }
        out.raw("]}")
        return Document(bytes: out.bytes, expectedArticles: count - removed, removedCount: removed)
    }

    private mutating func article(_ index: Int, into out: inout JSONWriter) {
        let source = random.pick(Self.sources)
        let asciiEscapes = random.chance(0.03)  // some producers write non-ASCII as \u escapes

        out.raw(#"{"source":{"id":"#)
        out.string(source.id)
        out.raw(#","name":"#)
        out.string(source.name, asciiOnly: asciiEscapes)
        out.raw(#"},"author":"#)
        out.string(random.chance(0.15) ? nil : author(), asciiOnly: asciiEscapes)

        // Title, about 80 characters: sometimes quoted words, an emoji, or an embedded escape sequence.
        var title = text(source.language, length: random.int(40...85), sentence: false)
        if random.chance(0.10), source.language == .english {
            let words = title.split(separator: " ")
            let quoted = min(words.count, random.int(2...4))
            title = "\"" + words[..<quoted].joined(separator: " ") + "\" " + words[quoted...].joined(separator: " ")
        }
        if random.chance(0.06) { title = random.pick(Self.emoji) + " " + title }
        if random.chance(0.005) { title = "\u{1B}[31m" + title + "\u{1B}[0m" }
        title += " - " + source.name
        out.raw(#","title":"#)
        out.string(title, asciiOnly: asciiEscapes)

        // Description, about 200 characters; a few with newlines.
        var description: String? = text(source.language, length: random.int(100...230), sentence: true)
        if random.chance(0.03), let text = description, let space = text.dropFirst(60).firstIndex(of: " ") {
            description = text[..<space] + (random.chance(0.5) ? "\n" : "\r\n") + text[text.index(after: space)...]
        }
        if random.chance(0.03) { description = nil }
        out.raw(#","description":"#)
        out.string(description, asciiOnly: asciiEscapes)

        // A unique https URL; some with a query string.
        let date = random.int(0...364)
        let (month, day) = (date / 31 + 1 > 12 ? 12 : date / 31 + 1, date % 28 + 1)
        let slug = self.slug(from: title, index: index)
        var url = "https://\(source.host)/\(random.pick(Self.sections))/2024/\(pad(month))/\(pad(day))/\(slug)"
        if random.chance(0.2) { url += "?utm_source=newsapi&utm_medium=referral&ref=\(random.int(1000...9999))" }
        out.raw(#","url":"#)
        out.string(url)

        out.raw(#","urlToImage":"#)
        if random.chance(0.08) {
            out.string(nil)
        } else {
            let hex = String(random.next(), radix: 16)
            out.string("https://images.\(source.host.split(separator: ".").suffix(2).joined(separator: "."))/media/2024/\(pad(month))/\(hex)/\(slug.prefix(40)).jpg" + (random.chance(0.3) ? "?w=1200&h=630&fit=crop" : ""))
        }

        // publishedAt: mostly whole seconds, many with 7 fraction digits, a few offsets, a few null.
        let hour = random.int(0...23), minute = random.int(0...59), second = random.int(0...59)
        let stamp = "2024-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
        let style = random.int(0...99)
        let published: String? = switch style {
        case 0..<60: stamp + "Z"
        case 60..<90: stamp + "." + String(random.int(0...9_999_999)).leftPadded(7) + "Z"
        case 90..<93: stamp + "." + String(random.int(0...999)).leftPadded(3) + "Z"
        case 93..<98: stamp + "+02:00"
        default: nil
        }
        out.raw(#","publishedAt":"#)
        out.string(published)

        // Content: about 200 characters, cut NewsAPI's way, often with a CRLF inside.
        var content: String? = text(source.language, length: random.int(180...200), sentence: true)
        if random.chance(0.15), let text = content, let space = text.dropFirst(80).firstIndex(of: " ") {
            content = text[..<space] + "\r\n" + text[text.index(after: space)...]
        }
        if let text = content { content = text + "… [+\(random.int(400...9000)) chars]" }
        if random.chance(0.05) { content = nil }
        out.raw(#","content":"#)
        out.string(content, asciiOnly: asciiEscapes)
        out.raw("}")
    }

    private mutating func author() -> String {
        switch random.int(0...9) {
        case 0: return "\(random.pick(Self.firstNames)) \(random.pick(Self.lastNames)), \(random.pick(Self.firstNames)) \(random.pick(Self.lastNames))"
        case 1: return "Reuters"
        case 2: return "https://www.facebook.com/\(random.pick(Self.lastNames).lowercased())"
        default: return "\(random.pick(Self.firstNames)) \(random.pick(Self.lastNames))"
        }
    }

    /// Words of `language` up to about `length` characters.
    private mutating func text(_ language: Language, length: Int, sentence: Bool) -> String {
        let words: [String]
        let spaced: Bool
        switch language {
        case .english: (words, spaced) = (Self.englishWords, true)
        case .french: (words, spaced) = (random.chance(0.5) ? Self.frenchWords : Self.englishWords, true)
        case .german: (words, spaced) = (random.chance(0.5) ? Self.germanWords : Self.englishWords, true)
        case .spanish: (words, spaced) = (random.chance(0.5) ? Self.spanishWords : Self.englishWords, true)
        case .japanese: (words, spaced) = (Self.japaneseWords, false)
        case .chinese: (words, spaced) = (Self.chineseWords, false)
        }
        // CJK says as much in about half the characters (each three bytes in UTF-8).
        let length = spaced ? length : length / 2
        var result = ""
        var characters = 0
        var capital = true
        while characters < length {
            var word = random.pick(words)
            if capital { word = word.prefix(1).uppercased() + word.dropFirst() }
            if !result.isEmpty && spaced { result += " "; characters += 1 }
            result += word
            characters += word.count
            capital = false
            if sentence && spaced && random.chance(0.08) && characters < length - 10 {
                result += random.chance(0.2) ? "," : "."
                characters += 1
                capital = result.hasSuffix(".")
            }
        }
        if sentence { result += spaced ? "." : "。" }
        return result
    }

    private func slug(from title: String, index: Int) -> String {
        var slug = ""
        for scalar in title.unicodeScalars {
            if slug.utf8.count >= 60 { break }
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value)).properties.lowercaseMapping.unicodeScalars.first!)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
        }
        return (slug.isEmpty ? "article" : slug) + "-\(100_000 + index)"
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Writes compact JSON as NewsAPI does: raw UTF-8, control characters escaped, and optionally
/// everything outside ASCII as `\u` escapes (surrogate pairs beyond the BMP).
private struct JSONWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(10 << 20) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ text: String?, asciiOnly: Bool = false) {
        guard let text else { raw("null"); return }
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x00..<0x20: unicodeEscape(scalar.value)
            case 0x20..<0x80: bytes.append(UInt8(scalar.value))
            default:
                if !asciiOnly {
                    bytes.append(contentsOf: String(scalar).utf8)
                } else if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    unicodeEscape(0xD800 + (value >> 10))
                    unicodeEscape(0xDC00 + (value & 0x3FF))
                } else {
                    unicodeEscape(scalar.value)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func unicodeEscape(_ value: UInt32) {
        let hex = String(value, radix: 16)
        raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
    }
}

