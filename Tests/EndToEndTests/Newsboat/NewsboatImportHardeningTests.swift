import Foundation
import Testing
import TestSupport

/// Issue 50 through the built binary: newsboat's files cannot make `--import-newsboat` spin,
/// swell, write or quote what is not newsboat's (points 5, 10 and 11; 3's memory is measured in
/// the limits benchmark). Each hostile `cache.db` is written by the sqlite3 shell.
@Suite("Hardening, fourth pass: newsboat's files")
struct NewsboatImportHardeningTests {
    static let hasSQLite = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
    static let feedURL = "https://feed.example/f.xml"
    static let itemTable = """
        CREATE TABLE rss_item(id INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT, title TEXT, author TEXT, url TEXT,
            feedurl TEXT, pubDate INTEGER, content TEXT, unread INTEGER, enclosure_url TEXT, enclosure_type TEXT,
            enqueued INTEGER, flags TEXT, deleted INTEGER DEFAULT 0, base TEXT);
        """
    static let feedTable = "CREATE TABLE rss_feed(rssurl TEXT PRIMARY KEY, url TEXT, title TEXT); INSERT INTO rss_feed VALUES('\(feedURL)', 'x', 'Feed');"
    static func items(_ count: Int) -> String {
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO rss_item(guid, title, url, feedurl, pubDate, content, unread, flags)
        SELECT 'g' || i, 'Title ' || i, 'https://e.example/' || i, '\(feedURL)', 1700000000 + i, '<p>Text ' || i || '</p>', i % 2, '' FROM n;
        """
    }

    let home: TemporaryFolder
    let folder: URL

    init() throws {
        home = try TemporaryFolder("e2e")
        folder = home.url.appendingPathComponent(".newsboat", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "\(Self.feedURL)\n".write(to: folder.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
    }

    private var cache: URL { folder.appendingPathComponent("cache.db") }
    private var headlinesConfig: URL { home.url.appendingPathComponent(".config/headlines/config") }

    private func sqlite(_ sql: String) async throws {
        let result = try await ProcessRunner("/usr/bin/sqlite3", [cache.path, sql]).run(timeout: .seconds(60))
        try #require(result.status == 0, "\(result.stderrText)")
    }

    private func importNewsboat(_ arguments: [String] = [], timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        try await ProcessRunner(HeadlinesBinary.path, ["--import-newsboat"] + arguments, environment: HeadlinesBinary.environment(home: home.url))
            .run(timeout: timeout)
    }

    /// A `rss_feed` that is a view over an endless recursive query spun at 100% CPU for ever:
    /// now it is refused at once, and nothing is added to the config.
    @Test(.enabled(if: hasSQLite, "needs sqlite3 (Resources/build/system-packages test)"))
    func aViewOverAnEndlessQueryIsRefusedAtOnce() async throws {
        try await sqlite(
            Self.itemTable + Self.items(3)
                + "CREATE VIEW rss_feed AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                + "SELECT '\(Self.feedURL)' AS rssurl, 'x' AS url, 'T' AS title FROM n WHERE i < 0;")
        let result = try await importNewsboat(timeout: .seconds(20))
        #expect(result.status == 1)
        #expect(result.stderrText.contains("its rss_feed is a view"), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: headlinesConfig.path), "the config was written before the cache was checked")
    }

    /// A `content` generated as 50 MB a row (2 GiB of memory before) is not newsboat's column.
    @Test(.enabled(if: hasSQLite, "needs sqlite3 (Resources/build/system-packages test)"))
    func aGeneratedColumnIsRefused() async throws {
        try await sqlite(
            Self.feedTable
                + "CREATE TABLE rss_item(id INTEGER PRIMARY KEY, guid TEXT, title TEXT, author TEXT, url TEXT, feedurl TEXT, pubDate INTEGER, "
                + "content TEXT GENERATED ALWAYS AS (printf('%.*c', 50000000, 'x')) VIRTUAL, unread INTEGER, enclosure_url TEXT, "
                + "enclosure_type TEXT, flags TEXT, deleted INTEGER DEFAULT 0);"
                + "INSERT INTO rss_item(guid, title, url, feedurl, pubDate, unread, deleted) VALUES ('g', 'T', 'https://e.example/1', '\(Self.feedURL)', 1, 1, 0);"
        )
        let result = try await importNewsboat(timeout: .seconds(20))
        #expect(result.status == 1)
        #expect(result.stderrText.contains("has no plain column content"), "\(result.stderrText)")
    }

    /// newsboat killed mid-write leaves a hot journal: "SQLite error 776: attempt to write a
    /// readonly database" after the feeds were added. Opened immutable, the cache reads as it was.
    @Test(.enabled(if: hasSQLite, "needs sqlite3 (Resources/build/system-packages test)"))
    func aHotJournalBesideTheCacheIsLeftAlone() async throws {
        try await sqlite(Self.feedTable + Self.itemTable + Self.items(2_000))
        // A writer that dies inside its transaction, after spilling changed pages into the file.
        let script = """
            import sqlite3, os, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute('PRAGMA cache_size = 2')
            db.execute('BEGIN')
            db.execute("UPDATE rss_item SET title = title || ' changed', content = content || hex(randomblob(200))")
            os._exit(0)
            """
        let writer = try await ProcessRunner("/usr/bin/python3", ["-c", script, cache.path]).run(timeout: .seconds(60))
        try #require(writer.status == 0, "\(writer.stderrText)")
        let journal = folder.appendingPathComponent("cache.db-journal")
        let journalSize = try #require(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)
        try #require(journalSize > 0, "no hot journal was left")
        let result = try await importNewsboat()
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Brought 2,000 articles of 1 feed"), "\(result.stdoutText)")
        #expect(!result.stderrText.contains("readonly"), "\(result.stderrText)")
        #expect(FileManager.default.fileExists(atPath: journal.path), "the journal beside newsboat's cache was rolled back")
    }

    /// `~/.newsboat/urls` linked to a secret file elsewhere: refused, and no line of it printed.
    @Test func aLinkOutOfTheFolderIsRefusedAndNothingOfItsTargetShown() async throws {
        let secret = home.file("shadow")
        try "root:$6$SECRETSALT$hash0123456789:19000:0:99999:7:::\n".write(to: secret, atomically: true, encoding: .utf8)
        let urls = folder.appendingPathComponent("urls")
        try FileManager.default.removeItem(at: urls)
        try FileManager.default.createSymbolicLink(at: urls, withDestinationURL: secret)
        let result = try await importNewsboat()
        #expect(result.status == 1)
        #expect(result.stderrText.contains("a link to a file outside its folder"), "\(result.stderrText)")
        #expect(!(result.stdoutText + result.stderrText).contains("SECRET"))
        // A link inside the folder is followed as before.
        try FileManager.default.removeItem(at: urls)
        try "\(Self.feedURL)\n".write(to: folder.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: urls.path, withDestinationPath: "feeds")
        let inside = try await importNewsboat()
        #expect(inside.status == 0, "\(inside.stderrText)")
        #expect(inside.stdoutText.contains("Added 1 feed"), "\(inside.stdoutText)")
    }

    /// Two `browser` lines and a URL past the limit skip a line each; the rest is imported.
    @Test func oneBadLineSkipsItselfNotTheImport() async throws {
        try "https://a.example/f.xml\nhttps://long.example/\(String(repeating: "a", count: 9_000))\nhttps://b.example/f.xml\n"
            .write(to: folder.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
        try "browser firefox\nbrowser lynx\n".write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let result = try await importNewsboat()
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Added 2 feeds"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("urls:2"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("config:1 browser: a later line sets it again"), "\(result.stdoutText)")
        let config = try String(contentsOf: headlinesConfig, encoding: .utf8)
        #expect(config.contains("browser = lynx") && !config.contains("firefox"), "\(config)")
    }

    /// Running the import again adds nothing twice: it appended the same `bind` lines again
    /// (issue 51). The feeds, settings and colours were already skipped as already there.
    @Test func importingAgainAddsNothingTwice() async throws {
        try "bind-key j down\nbind-key k up\ncolor listfocus black yellow\nshow-read-articles no\n"
            .write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let first = try await importNewsboat()
        #expect(first.status == 0, "\(first.stderrText)")
        let once = try String(contentsOf: headlinesConfig, encoding: .utf8)
        let second = try await importNewsboat()
        #expect(second.status == 0, "\(second.stderrText)")
        #expect(second.stdoutText.contains("config:1 bind-key: the config binds j to down already"), "\(second.stdoutText)")
        let twice = try String(contentsOf: headlinesConfig, encoding: .utf8)
        #expect(twice.components(separatedBy: "bind j down").count == 2, "\(twice)")
        #expect(twice.components(separatedBy: "bind k up").count == 2, "\(twice)")
        #expect(twice.components(separatedBy: "show-read = no").count == 2, "\(twice)")
        #expect(twice == once, "the second import changed the config")
    }
}
