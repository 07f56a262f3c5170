import Foundation
import Testing
@testable import NewsCore
import TestSupport

@Suite("OPML import")
struct OPMLImportTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("opml") }

    private func opml(_ text: String) throws -> URL { try folder.write(Data(text.utf8), to: "feeds.opml") }

    private func runImport(_ text: String, into config: URL) throws -> OPMLImportResult {
        try OPMLImport.run(opml: try opml(text), config: config, environment: ["HOME": "/nonexistent-home"], knownActions: ConfigFixture.actions)
    }

    private func load(_ url: URL) throws -> Config {
        try #require(try ConfigFile.load(url, environment: [:], knownActions: ConfigFixture.actions))
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) & 0o777
    }

    @Test func withNoConfigTheFileAndItsFolderAreCreatedPrivate() throws {
        let config = folder.url.appendingPathComponent("xdg/headlines/config")
        let result = try runImport(OPMLFixtures.nom, into: config)
        #expect(result.added == 5)
        #expect(result.skipped == 0)
        #expect(try mode(config) == 0o600)
        #expect(try mode(config.deletingLastPathComponent()) == 0o700)
        let sources = try load(config).sources
        #expect(sources.map(\.name) == ["Big News Finland", "Euronews", "E! News", "Coding Horror", "N.Y.Times Track And Field"])
        #expect(sources.map(\.group) == ["News", "News", "Leisure", "Tech", "Tech"])
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text.hasPrefix("# Added by headlines --import-opml from feeds.opml\n[source \"Big News Finland\"]\n"))
    }

    @Test func anEmptyFileKeepsItsModeAndGainsTheSections() throws {
        let config = try folder.write(Data(), to: "config")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: config.path)
        let result = try runImport(OPMLFixtures.newsboat1, into: config)
        #expect(result.added == 3)
        #expect(try mode(config) == 0o640)
        let sources = try load(config).sources
        #expect(sources[1].name == #"Fish & Chips <daily> "live""#)
        #expect(sources[1].location == URL(string: "https://example.com/feed2.xml?a=1&b=2"))
        #expect(sources[1].site == URL(string: "https://example.com/feed2/"))
        #expect(sources[2].site == nil)  // htmlUrl=""
        #expect(sources[2].name == "Café Ünïcödé 日本")
    }

    @Test func theOldTextIsKeptByteForByteAndDuplicatesAreSkipped() throws {
        let old = """
            # My feeds — hand-written, with odd   spacing\t
            timeout   =   30

            [source "Feed 1"]   
            # the first one
            url = HTTPS://EXAMPLE.COM:443/feed1.xml
            bind x quit
            """  // no final newline
        let config = try folder.write(Data(old.utf8), to: "config")
        let result = try runImport(OPMLFixtures.newsboat2, into: config)
        #expect(result.added == 2)
        #expect(result.duplicates == 1)  // feed1: same URL once scheme, host and default port are normalised
        let data = try Data(contentsOf: config)
        #expect(data.starts(with: Data(old.utf8)))
        let appended = String(decoding: data.dropFirst(old.utf8.count), as: UTF8.self)
        #expect(appended.hasPrefix("\n\n# Added by headlines --import-opml from feeds.opml\n[source \"Feed 2\"]\n"))
        let loaded = try load(config)
        #expect(loaded.sources.map(\.name) == ["Feed 1", "Feed 2", "Feed 3"])
        #expect(loaded.sources.map(\.group) == [nil, "tech", "Blogs/friends"])
        #expect(loaded.bindings.count == 1)
    }

    @Test func aSecondImportAddsNothingAndLeavesTheFileAlone() throws {
        let config = folder.file("config")
        _ = try runImport(OPMLFixtures.nested, into: config)
        let before = try Data(contentsOf: config)
        let again = try runImport(OPMLFixtures.nested, into: config)
        #expect(again.added == 0)
        #expect(again.duplicates == 4)
        #expect(try Data(contentsOf: config) == before)
        #expect(
            again.summary
                == "Added 0 feeds to \(config.path); skipped 4 already there and 3 that are not web feeds (|~/fetch_tweets.py, exec:~/bin/feed.sh, file:///etc/passwd)."
        )
    }

    @Test func nestedFoldersBecomeSlashSeparatedGroups() throws {
        let config = folder.file("config")
        let result = try runImport(OPMLFixtures.nested, into: config)
        #expect(result.added == 4)
        #expect(result.unsupported == ["|~/fetch_tweets.py", "exec:~/bin/feed.sh", "file:///etc/passwd"])
        let sources = try load(config).sources
        #expect(sources.map(\.name) == ["Top level", "John", "Mike", "Fred"])
        #expect(sources.map(\.group) == [nil, "Blogs", "Blogs/friends", "Blogs/friends"])
    }

    @Test func takenNamesGetANumber() throws {
        let config = try folder.write(Data("[source \"Feed 1\"]\nurl = https://other.example/\n".utf8), to: "config")
        let opml = """
            <opml version="2.0"><body>
            <outline xmlUrl="https://example.com/a" title="Feed 1"/>
            <outline xmlUrl="https://example.com/b" title="Feed 1"/>
            <outline xmlUrl="https://example.com/c"/>
            </body></opml>
            """
        _ = try runImport(opml, into: config)
        #expect(try load(config).sources.map(\.name) == ["Feed 1", "Feed 1 (2)", "Feed 1 (3)", "example.com"])
    }

    @Test func windowsLineEndingsAreFollowed() throws {
        let old = "timeout = 5\r\n"
        let config = try folder.write(Data(old.utf8), to: "config")
        _ = try runImport(OPMLFixtures.newsboat1, into: config)
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text.hasPrefix(old + "\r\n# Added by"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(try load(config).sources.count == 3)
    }

    @Test func aLinkedConfigStaysALink() throws {
        let real = try folder.write(Data("# dotfiles\n".utf8), to: "real-config")
        let link = folder.file("config")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        _ = try runImport(OPMLFixtures.newsboat1, into: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try load(real).sources.count == 3)
    }

    @Test func aBrokenConfigIsReportedAndLeftAlone() throws {
        let old = "colour = red\n"
        let config = try folder.write(Data(old.utf8), to: "config")
        let error = try #require(throws: OPMLError.self) { try runImport(OPMLFixtures.nom, into: config) }
        #expect(error.message == #"\#(config.path):1: unknown setting "colour"."#)
        #expect(try Data(contentsOf: config) == Data(old.utf8))
        #expect(folder.names() == ["config", "feeds.opml"])  // no temporary file left
    }

    @Test func aConfigWhoseKeyOthersCanReadIsRefusedToo() throws {
        let config = try folder.write(Data("newsapi-key = abcdef0123456789\n".utf8), to: "config")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
        let error = try #require(throws: OPMLError.self) { try runImport(OPMLFixtures.nom, into: config) }
        #expect(error.message.contains("chmod 600"))
    }

    @Test func aMissingOPMLFileIsNamed() throws {
        let missing = folder.file("nope.opml")
        let error = try #require(throws: OPMLError.self) {
            try OPMLImport.run(opml: missing, config: folder.file("config"), environment: [:], knownActions: [])
        }
        #expect(error == .unreadable(path: missing.path, reason: "no such file"))
        #expect(error.message == "Could not read \(missing.path): no such file.")
    }

    @Test func summaries() {
        let one = OPMLImportResult(added: 1, duplicates: 0, unsupported: [], configFile: "~/c")
        #expect(one.summary == "Added 1 feed to ~/c.")
        let many = OPMLImportResult(added: 2, duplicates: 1, unsupported: ["a", "b", "c", "d"], configFile: "~/c")
        #expect(many.summary == "Added 2 feeds to ~/c; skipped 1 already there and 4 that are not web feeds (a, b, c, ...).")
    }
}
