import Foundation
@testable import NewsCore
import Testing

@Suite struct StoreLocationTests {
    @Test(arguments: [
        (["HOME": "/home/reader", "XDG_CACHE_HOME": "/var/cache/reader"], "/var/cache/reader/headlines/cache.db"),
        (["HOME": "/home/reader", "XDG_CACHE_HOME": ""], "/home/reader/.cache/headlines/cache.db"),
        (["HOME": "/home/reader", "XDG_CACHE_HOME": "relative/cache"], "/home/reader/.cache/headlines/cache.db"),
        (["HOME": "/home/reader"], "/home/reader/.cache/headlines/cache.db"),
    ])
    func resolve(environment: [String: String], path: String) {
        #expect(StoreLocation.resolve(environment: environment).path == path)
    }

    @Test func noHomeUsesTheAccountsHome() {
        #expect(StoreLocation.resolve(environment: [:]).path == NSHomeDirectory() + "/.cache/headlines/cache.db")
    }
}

/// Opening: a new file, its modes and journal, and the errors that stop it.
@Suite struct StoreOpeningTests {
    let sandbox: StoreSandbox

    init() throws { sandbox = try StoreSandbox() }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue
    }

    @Test func aNewCacheIsPrivateAndInWALMode() async throws {
        let file = sandbox.folder.url.appendingPathComponent("nested/headlines/cache.db")
        let store = try await ArticleStore.open(at: file)
        try await store.merge(StoreFixtures.edition(1...1), into: StoreFixtures.feed)
        #expect(try mode(file.deletingLastPathComponent().path) == 0o700)
        #expect(try mode(file.path) == 0o600)
        #expect(try mode(file.path + "-wal") == 0o600)
        #expect(await store.access == .readWrite)
        #expect(await store.notices.isEmpty)

        let db = try SQLiteConnection(path: file.path)
        #expect(try db.text("PRAGMA journal_mode") == "wal")
        #expect(try db.integer("PRAGMA user_version") == Int64(Schema.latest))
        #expect(try db.integer("PRAGMA application_id") == Schema.applicationID)
    }

    @Test func dataSurvivesAReopen() async throws {
        do {
            let store = try await sandbox.open()
            try await store.merge(StoreFixtures.edition(1...3), into: StoreFixtures.feed)
            let first = try #require(try await store.all(.all).first)
            try await store.markRead([first.id])
            try await store.setStarred(true, for: first.id)
        }
        let store = try await sandbox.open()
        let stored = try await store.all(.all)
        #expect(stored.map(\.article.title) == ["Article 3", "Article 2", "Article 1"])
        #expect(stored[0].isRead && stored[0].isStarred && !stored[1].isRead)
    }

    @Test func aFileFromANewerHeadlinesIsLeftAlone() async throws {
        do {
            let db = try sandbox.rawConnection()
            try db.execute("PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 99; CREATE TABLE future (x)")
        }
        let before = try Data(contentsOf: sandbox.file)
        await #expect(throws: StoreError.newerVersion(path: sandbox.file.path, found: 99, supported: Schema.latest)) {
            _ = try await sandbox.open()
        }
        #expect(try Data(contentsOf: sandbox.file) == before)
        #expect(sandbox.folder.names() == ["cache.db"])
    }

    /// The immutable open (a cache whose folder cannot be written) names the file by a URI:
    /// a path with `?`, `#` and `%` in it reaches the same file.
    @Test func anImmutableOpenReadsAPathWithURICharacters() throws {
        let folder = sandbox.folder.file("odd ?#% name")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("cache.db")
        do {
            let writer = try SQLiteConnection(path: file.path)
            try writer.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        }
        #expect(SQLiteConnection.uri(file.path).hasSuffix("/odd %3F%23%25 name/cache.db"))
        let db = try SQLiteConnection(path: file.path, mode: .immutable)
        #expect(try db.integer("SELECT count(*) FROM t") == 2)
        #expect(db.isReadOnly)
    }

    /// Tests run as root, for whom modes block nothing; a folder under a regular file cannot be made by anyone.
    @Test func aFolderThatCannotBeMadeIsAnError() async throws {
        let blocker = try sandbox.folder.write(Data("file".utf8), to: "blocker")
        let error = await #expect(throws: StoreError.self) {
            _ = try await ArticleStore.open(at: blocker.appendingPathComponent("headlines/cache.db"))
        }
        guard case .cannotOpen(let path, _)? = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(path == blocker.appendingPathComponent("headlines").path)
    }

    @Test(arguments: [
        StoreError.cannotOpen(path: "/x/cache.db", reason: "Permission denied."),
        .newerVersion(path: "/x/cache.db", found: 9, supported: 2),
        .damaged(movedTo: "/x/cache.db.damaged-20250101-000000"),
        .busy,
        .readOnly(reason: "attempt to write a readonly database"),
        .diskFull,
        .failed(reason: "disk I/O error\n\u{1B}[2J"),
        .failed(reason: ""),
    ])
    func errorsReadAsOneCleanSentence(error: StoreError) {
        let message = error.message
        #expect(message.hasSuffix(".") && !message.hasSuffix(".."))
        #expect(message.first?.isUppercase == true)
        #expect(Sanitizer.clean(message) == message, "no control characters, one line")
    }
}
