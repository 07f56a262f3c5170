import Foundation
import TestSupport

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
                out.raw(
                    #"{"source":{"id":null,"name":"[Removed]"},"author":null,"title":"[Removed]","#
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
            out.string(
                "https://images.\(source.host.split(separator: ".").suffix(2).joined(separator: "."))/media/2024/\(pad(month))/\(hex)/\(slug.prefix(40)).jpg"
                    + (random.chance(0.3) ? "?w=1200&h=630&fit=crop" : ""))
        }

        // publishedAt: mostly whole seconds, many with 7 fraction digits, a few offsets, a few null.
        let hour = random.int(0...23), minute = random.int(0...59), second = random.int(0...59)
        let stamp = "2024-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
        let style = random.int(0...99)
        let published: String? =
            switch style {
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

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
