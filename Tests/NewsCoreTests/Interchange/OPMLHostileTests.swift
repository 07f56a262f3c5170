import Foundation
import Testing
@testable import NewsCore
import TestSupport

@Suite("OPML hostile files")
struct OPMLHostileTests {
    private func failure(_ text: String) -> String? {
        failure(Data(text.utf8))
    }

    private func failure(_ data: Data) -> String? {
        do {
            _ = try OPMLReader.parse(data)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func anEntityBombIsRefused() {
        var lines = ["<?xml version=\"1.0\"?>", "<!DOCTYPE opml [", "<!ENTITY lol0 \"lol\">"]
        for level in 1...9 {
            lines.append("<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">")
        }
        lines += ["]>", "<opml version=\"2.0\"><body><outline text=\"&lol9;\" xmlUrl=\"https://x.example/\"/></body></opml>"]
        #expect(failure(lines.joined(separator: "\n"))?.contains("declares XML entities") == true)
    }

    @Test func anExternalEntityIsRefused() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <opml version="2.0"><body><outline text="&xxe;" xmlUrl="https://x.example/"/></body></opml>
            """
        #expect(failure(text)?.contains("declares XML entities") == true)
    }

    @Test func anExternalDTDIsRefusedButABareDoctypeIsNot() {
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE opml SYSTEM "http://127.0.0.1:9/opml.dtd">
            <opml version="2.0"><body/></opml>
            """
        #expect(failure(external) == "its DOCTYPE refers to a DTD, which Headlines never loads")
        #expect(failure("<!DOCTYPE opml>\n<opml version=\"2.0\"><body/></opml>") == nil)
    }

    @Test func aHugeFileIsRefusedBeforeParsing() throws {
        let huge = Data(repeating: 0x20, count: OPMLReader.maxSize + 1)
        #expect(failure(huge) == "it is larger than 10 MiB")
        let folder = try TemporaryFolder("opml-huge")
        let file = try folder.write(huge, to: "huge.opml")
        let error = try #require(throws: OPMLError.self) {
            try OPMLImport.run(opml: file, config: folder.file("config"), environment: [:], knownActions: [])
        }
        #expect(error == .unreadable(path: file.path, reason: "it is larger than 10 MiB"))
        // One sentence that names the file ("…/huge.opml: is larger than 10 MiB" had lost its subject).
        #expect(error.message == "Could not read \(file.path): it is larger than 10 MiB.")
        #expect(!FileManager.default.fileExists(atPath: folder.file("config").path))
    }

    @Test func utf16IsRefusedRatherThanScannedBlind() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><opml version=\"2.0\"><body/></opml>"
        var data = Data([0xFF, 0xFE])
        data.append(try #require(text.data(using: .utf16LittleEndian)))
        #expect(failure(data) == "it is in UTF-16 or UTF-32; save it as UTF-8")
    }

    @Test func deepNestingIsRefused() {
        let depth = 100
        let text =
            "<opml version=\"2.0\"><body>" + String(repeating: "<outline text=\"f\">", count: depth)
            + String(repeating: "</outline>", count: depth) + "</body></opml>"
        #expect(failure(text) == "its outlines nest more than 64 deep")
    }

    @Test func tooManyOutlinesAreRefused() {
        let text =
            "<opml version=\"2.0\"><body>" + String(repeating: "<outline text=\"a\"/>", count: OPMLReader.maxOutlines + 1)
            + "</body></opml>"
        #expect(failure(text) == "it has more than 100000 outlines")
    }

    @Test(arguments: [
        ("<rss version=\"2.0\"><channel/></rss>", "it is not OPML (its root element is <rss>)"),
        (
            "<opml version=\"2.0\"><body><outline text=\"a\"></body></opml>",
            "it is not well-formed XML (line 1: a closing tag that does not match the open one)"
        ),
        ("<opml version=\"2.0\"><body><outline text=\"&nbsp;\"/></body></opml>", "it is not well-formed XML (line 1: the undefined entity &nbsp;)"),
        (
            "<opml version=\"2.0\"><body><outline text=\"a&#27;\"/></body></opml>",
            "it is not well-formed XML (line 1: a character that XML does not allow)"
        ),
        ("", "it has no <opml> element"),
        ("just text", "it is not well-formed XML (line 1: no XML at all)"),
    ])
    func notOPMLOrNotXML(text: String, reason: String) {
        #expect(failure(text) == reason)
    }

    @Test func brokenXMLNamesTheLine() {
        let reason = failure("<opml version=\"2.0\">\n<body>\n<outline text=\"a\" xmlUrl=\"https://a.example/\">\n</body></opml>")
        #expect(reason == "it is not well-formed XML (line 4: a closing tag that does not match the open one)")
    }

    @Test func textIsSanitisedAndURLsChecked() throws {
        let text = """
            <opml version="2.0"><body>
            <outline title="&#x9B;31mRed&#x9D;0;pwned&#x9C; title" xmlUrl=" https://a.example/feed " htmlUrl="javascript:alert(1)"/>
            <outline text="Folder&#x9B;2J"><outline xmlUrl="https://b.example/" text="b"/></outline>
            <outline xmlUrl="https://c.example/" title="" text=""/>
            <outline xmlUrl="ftp://d.example/feed" text="d"/>
            <outline xmlUrl="/relative/feed.xml" text="e"/>
            </body></opml>
            """
        let outlines = try OPMLReader.parse(Data(text.utf8))
        #expect(
            outlines.feeds == [
                OPMLFeed(title: "Red title", url: URL(string: "https://a.example/feed")!),
                OPMLFeed(title: "b", url: URL(string: "https://b.example/")!, group: "Folder"),
                OPMLFeed(title: nil, url: URL(string: "https://c.example/")!),
            ])
        #expect(outlines.unsupported == ["ftp://d.example/feed", "/relative/feed.xml"])
    }

    @Test func latin1IsReadByItsDeclaration() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><opml version=\"1.0\"><body><outline xmlUrl=\"https://a.example/\" text=\"Caf".utf8)
        data.append(0xE9)
        data.append(contentsOf: Data("\"/></body></opml>".utf8))
        #expect(try OPMLReader.parse(data).feeds.first?.title == "Café")
    }

    @Test func categoriesGiveTheGroupOutsideFolders() throws {
        let text = """
            <opml version="2.0"><body>
            <outline xmlUrl="https://a.example/" text="a" category="/Boston/Weather,/Politics"/>
            <outline xmlUrl="https://b.example/" text="b" category="~Renamed, ,tech"/>
            <outline text="Folder"><outline xmlUrl="https://c.example/" text="c" category="ignored"/></outline>
            </body></opml>
            """
        #expect(try OPMLReader.parse(Data(text.utf8)).feeds.map(\.group) == ["Boston/Weather", "tech", "Folder"])
    }
}
