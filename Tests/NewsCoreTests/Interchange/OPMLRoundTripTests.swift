import Foundation
import Testing
@testable import NewsCore
#if canImport(FoundationXML)
    import FoundationXML
    import TestSupport
#endif

@Suite("OPML export and round trip")
struct OPMLRoundTripTests {
    /// A feed as OPML carries it, for comparing two documents.
    struct Entry: Hashable, Comparable {
        let title: String?
        let url: String
        let site: String?
        let group: String?
        static func < (a: Entry, b: Entry) -> Bool { a.url < b.url }
    }

    private func entries(_ outlines: OPMLOutlines) -> [Entry] {
        outlines.feeds.map { Entry(title: $0.title, url: $0.url.absoluteString, site: $0.site?.absoluteString, group: $0.group) }.sorted()
    }

    /// Import into a fresh config, read it back, export it, and read the export.
    private func roundTrip(_ opml: String) throws -> (before: OPMLOutlines, after: OPMLOutlines, export: String) {
        try roundTripWithConfig(opml).trip
    }

    private func roundTripWithConfig(_ opml: String) throws -> (trip: (before: OPMLOutlines, after: OPMLOutlines, export: String), config: String) {
        let folder = try TemporaryFolder("roundtrip")
        let file = try folder.write(Data(opml.utf8), to: "in.opml")
        let configURL = folder.file("config")
        _ = try OPMLImport.run(opml: file, config: configURL, environment: [:], knownActions: [])
        let config = try #require(try ConfigFile.load(configURL, environment: [:], knownActions: []))
        let export = OPMLWriter.export(config.sources)
        let trip = (try OPMLReader.parse(Data(opml.utf8)), try OPMLReader.parse(Data(export.document.utf8)), export.document)
        return (trip, try String(contentsOf: configURL, encoding: .utf8))
    }

    @Test(arguments: [
        ("newsboat 1.0", OPMLFixtures.newsboat1), ("newsboat 2.0", OPMLFixtures.newsboat2),
        ("nom", OPMLFixtures.nom), ("nested folders", OPMLFixtures.nested),
    ])
    func aRoundTripLosesNothing(shape: String, opml: String) throws {
        let trip = try roundTrip(opml)
        #expect(!trip.before.feeds.isEmpty)
        #expect(entries(trip.after) == entries(trip.before), "\(shape)")
        // Exporting what was exported changes nothing: the writer is stable.
        let again = OPMLWriter.export(try ConfigFixture.parse(configText(trip.after)).sources).document
        #expect(try entries(OPMLReader.parse(Data(again.utf8))) == entries(trip.after))
    }

    @Test func theNomFolderOrderIsKept() throws {
        let trip = try roundTrip(OPMLFixtures.nom)
        #expect(trip.after.feeds.map(\.url) == trip.before.feeds.map(\.url))
    }

    /// nom refuses an outline whose type is not "rss", and OPML requires `text`; newsboat reads the
    /// folder names from `text`. Every outline of the export satisfies all three.
    @Test func theExportSuitsNomAndNewsboat() throws {
        let trip = try roundTrip(OPMLFixtures.nested)
        let outlines = try OutlineCollector.collect(trip.export)
        #expect(!outlines.isEmpty)
        for attributes in outlines {
            #expect(attributes["text"]?.isEmpty == false)
            if attributes["xmlUrl"] != nil {
                #expect(attributes["type"] == "rss")
            } else {
                #expect(attributes["type"] == nil)
                #expect(attributes["title"] == attributes["text"])
            }
        }
        #expect(trip.export.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n"))
    }

    @Test func theExportDocument() {
        let sources = [
            SourceConfig(
                name: "A & B <\"quoted\">", kind: .location(URL(string: "https://a.example/feed?x=1&y=2")!),
                site: URL(string: "https://a.example/")),
            SourceConfig(name: "NewsAPI -- US", kind: .newsAPI(.topHeadlines(country: "us"))),
            SourceConfig(name: "Friend", kind: .location(URL(string: "https://f.example/rss")!), group: "Blogs/friends"),
            SourceConfig(name: "Blog", kind: .location(URL(string: "https://b.example/rss")!), group: "Blogs"),
            SourceConfig(name: "Local", kind: .location(URL(fileURLWithPath: "/srv/feed.xml"))),
        ]
        let export = OPMLWriter.export(sources)
        #expect(export.leftOut == ["NewsAPI -- US"])
        #expect(
            export.document == """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0">
                  <head>
                    <title>Headlines sources</title>
                  </head>
                  <body>
                    <outline type="rss" text="A &amp; B &lt;&quot;quoted&quot;&gt;" title="A &amp; B &lt;&quot;quoted&quot;&gt;" xmlUrl="https://a.example/feed?x=1&amp;y=2" htmlUrl="https://a.example/"/>
                    <outline text="Blogs" title="Blogs">
                      <outline text="friends" title="friends">
                        <outline type="rss" text="Friend" title="Friend" xmlUrl="https://f.example/rss"/>
                      </outline>
                      <outline type="rss" text="Blog" title="Blog" xmlUrl="https://b.example/rss"/>
                    </outline>
                    <outline type="rss" text="Local" title="Local" xmlUrl="file:///srv/feed.xml"/>
                    <!-- “NewsAPI - - US” is left out: it is a NewsAPI query, not a feed -->
                  </body>
                </opml>

                """)
    }

    /// A folder whose title holds `/` comes back as one folder, not three nested ones; real
    /// nesting beside it stays nested. The tree is compared, since the groups alone read the same.
    @Test func aFolderTitleWithASlashComesBackAsOneFolder() throws {
        let opml = """
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>Slashes</title></head><body>
              <outline text="Group/With/Slash" title="Group/With/Slash">
                <outline type="rss" text="One" title="One" xmlUrl="https://one.example/rss"/>
              </outline>
              <outline text="News" title="News">
                <outline text="World" title="World">
                  <outline type="rss" text="Two" title="Two" xmlUrl="https://two.example/rss"/>
                </outline>
              </outline>
              <outline text="Back\\slash" title="Back\\slash">
                <outline type="rss" text="Three" title="Three" xmlUrl="https://three.example/rss"/>
              </outline>
            </body></opml>
            """
        let (trip, config) = try roundTripWithConfig(opml)
        #expect(config.contains("group = Group\\/With\\/Slash\n") && config.contains("group = Back\\\\slash\n"), "\(config)")
        let folders = trip.export.split(separator: "\n").filter { $0.contains("<outline text=") }.map { $0.trimmingPrefix(while: { $0 == " " }) }
        #expect(
            folders == [
                #"<outline text="Group/With/Slash" title="Group/With/Slash">"#, #"<outline text="News" title="News">"#,
                #"<outline text="World" title="World">"#, #"<outline text="Back\slash" title="Back\slash">"#,
            ], "\(trip.export)")
        #expect(
            trip.export.contains(
                """
                    <outline text="Group/With/Slash" title="Group/With/Slash">
                      <outline type="rss" text="One" title="One" xmlUrl="https://one.example/rss"/>
                    </outline>
                """), "\(trip.export)")
        #expect(trip.before.feeds.map(\.group) == [#"Group\/With\/Slash"#, "News/World", #"Back\\slash"#])
        #expect(entries(trip.after) == entries(trip.before))
    }

    @Test func groupPathsEscapeTheSeparator() {
        #expect(GroupPath.folders("News/World") == ["News", "World"])
        #expect(GroupPath.folders(#"Group\/With\/Slash"#) == ["Group/With/Slash"])
        #expect(GroupPath.folders(#" A \\ / B\x/ "#) == [#"A \"#, #"B\x"#])
        #expect(GroupPath.group(["Group/With/Slash", #"C:\"#]) == #"Group\/With\/Slash/C:\\"#)
        for folders in [["a/b", "c"], [#"\"#, "/"], ["plain"]] {
            #expect(GroupPath.folders(GroupPath.group(folders)) == folders)
        }
        #expect(GroupPath.heading(#"Group\/With\/Slash"#) == "Group/With/Slash")
        #expect(GroupPath.heading("News/World") == "News/World")
    }

    @Test func xmlEscapingDropsWhatXMLCannotHold() {
        #expect(XMLText.escape("a\u{1}b\tc\nd&") == "ab&#9;c&#10;d&amp;")
        #expect(XMLText.comment("x--y-") == "x- -y- ")
        #expect(XMLText.comment("a---b") == "a- - -b")
    }

    /// A config that holds `outlines`, as the import would write it.
    private func configText(_ outlines: OPMLOutlines) -> String {
        outlines.feeds.enumerated().map { index, feed in
            var lines = ["[source \(ConfigText.quote(feed.title ?? "feed \(index)"))]", "url = \(feed.url.absoluteString)"]
            if let group = feed.group { lines.append("group = \(ConfigText.encode(group))") }
            if let site = feed.site { lines.append("site = \(site.absoluteString)") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

/// Every `outline` element's attributes, in document order.
final class OutlineCollector: NSObject, XMLParserDelegate {
    private var outlines: [[String: String]] = []

    static func collect(_ document: String) throws -> [[String: String]] {
        let collector = OutlineCollector()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return collector.outlines
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        if elementName == "outline" { outlines.append(attributes) }
    }
}
