import Foundation
import TestSupport

/// A deterministic RSS 2.0 document shaped like a big news site's feed: per item a title with
/// entities, a link, a GUID, an RFC 822 date in one of the forms feeds use, an author, an
/// escaped-HTML description, `content:encoded` in CDATA with paragraphs, links and an image,
/// categories, and often a Media RSS image or an enclosure. Non-ASCII text throughout.
struct RSSDocumentGenerator {
    struct Document {
        var bytes: [UInt8]
        var items: Int
    }

    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let words = """
        the a of to in and for on with as at by from after over new says could will may more than \
        government minister election market stocks record quarter profit company tech chip model \
        launch update report study finds scientists climate storm flood city police court ruling \
        vote bill budget inflation rates bank economy jobs strike deal talks border data privacy \
        game season team coach final league fans music film series health hospital school research \
        space rocket energy solar battery housing économie président élection Regierung Wähler \
        Überschwemmung gobierno elecciones España café naïve déjà 経済 東京 選挙 北京 市场
        """.split(whereSeparator: \.isWhitespace).map(String.init)
    private static let hosts = ["www.example-news.com", "news.example.org", "example.co.uk"]
    private static let sections = ["world", "business", "technology", "science", "sport", "culture"]
    private static let authors = ["Jane Smith", "María García", "Björn Müller", "Yuki Tanaka", "Sarah O'Brien"]
    private static let zones = ["GMT", "+0000", "-0500", "EST", "PDT", "UT", "Z", "+0200"]
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    mutating func generate(items count: Int) -> Document {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" \
            xmlns:atom="http://www.w3.org/2005/Atom">
            <channel>
            <title>Example News &amp; Views</title>
            <link>https://www.example-news.com/</link>
            <atom:link href="https://www.example-news.com/feed.xml" rel="self" type="application/rss+xml"/>
            <description>Everything that happened, as it happened.</description>
            <language>en</language>

            """
        out.reserveCapacity(count * 1_100)
        for index in 0..<count { item(index, into: &out) }
        out += "</channel>\n</rss>\n"
        return Document(bytes: Array(out.utf8), items: count)
    }

    private mutating func item(_ index: Int, into out: inout String) {
        let host = random.pick(Self.hosts)
        let section = random.pick(Self.sections)
        let title = text(words: random.int(7...13))
        let slug = title.lowercased().unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.prefix(40)
        let link = "https://\(host)/\(section)/2024/\(index % 12 + 1)/\(String(String.UnicodeScalarView(slug)))-\(index)"
        out += "<item>\n<title>\(title) &amp; \(random.pick(Self.words))</title>\n<link>\(link)</link>\n"
        let permalink = random.chance(0.5)
        out += "<guid isPermaLink=\"\(permalink)\">\(permalink ? link : "urn:uuid:\(random.next())")</guid>\n"
        out += "<pubDate>\(date())</pubDate>\n"
        out += "<dc:creator><![CDATA[\(random.pick(Self.authors))]]></dc:creator>\n"
        out += "<category>\(section)</category><category>\(random.pick(Self.words))</category>\n"
        out += "<description>&lt;p&gt;\(text(words: random.int(7...14))) &amp;hellip;&lt;/p&gt;</description>\n"
        let image = "https://images.\(host)/\(index)/\(random.next() % 100_000).jpg"
        out += "<content:encoded><![CDATA[<p>\(text(words: random.int(7...14)))</p>"
        out += "<figure><img src=\"\(image)\" alt=\"\(text(words: 4))\"></figure>"
        out += "<p>\(text(words: random.int(6...11))) <a href=\"/\(section)/\(index)\">\(text(words: 3))</a>.</p>"
        out += "<blockquote>\(text(words: random.int(3...6)))</blockquote>]]></content:encoded>\n"
        switch random.int(0...9) {
        case 0...4: out += "<media:content url=\"\(image)\" medium=\"image\" width=\"1200\" height=\"800\"/>\n"
        case 5...6: out += "<enclosure url=\"\(image)\" type=\"image/jpeg\" length=\"\(random.int(10_000...900_000))\"/>\n"
        default: break
        }
        out += "</item>\n"
    }

    private mutating func text(words count: Int) -> String {
        var words: [String] = []
        for _ in 0..<count { words.append(random.pick(Self.words)) }
        return words.joined(separator: " ")
    }

    /// An RFC 822 date, mostly the usual form, some without weekday or seconds, some two-digit years.
    private mutating func date() -> String {
        let day = random.int(1...28), month = random.pick(Self.months)
        let time = "\(pad(random.int(0...23))):\(pad(random.int(0...59)))" + (random.chance(0.9) ? ":\(pad(random.int(0...59)))" : "")
        let year = random.chance(0.95) ? "2024" : "24"
        let weekday = random.chance(0.9) ? random.pick(Self.weekdays) + ", " : ""
        return "\(weekday)\(day) \(month) \(year) \(time) \(random.pick(Self.zones))"
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
