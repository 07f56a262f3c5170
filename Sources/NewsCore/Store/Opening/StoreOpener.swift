import CSQLite
import FoundationEssentials
import Glibc

/// A connection ready for use: WAL mode, busy timeout, schema up to date.
struct OpenedStore {
    let connection: SQLiteConnection
    let access: StoreAccess
    var notices: [String]
}

/// Opens the cache file, and replaces it when it is damaged or not ours.
enum StoreOpener {
    /// SQLite's page cache per connection, at most.
    static let cacheKiB = 16_384
    /// The WAL is folded back into the file once it holds this many pages (16 MiB; SQLite's
    /// default of 1,000 meant a checkpoint, with its syncs, after nearly every big merge).
    static let checkpointPages = 4_000

    /// Why a file was moved aside.
    private enum Unusable: Error {
        case damaged(String)
        case foreign
    }

    static func open(_ file: URL, busyTimeout: Duration, now: Date) throws -> OpenedStore {
        try StoreFile.refuseNonFile(file)
        do {
            try StoreFile.prepareFolder(file.deletingLastPathComponent())
            try StoreFile.createIfMissing(file)
            return try attemptWaitingOutBusy(file, busyTimeout: busyTimeout)
        } catch let error as StoreError {
            // A read-only file, folder or file system: what the file holds is still read.
            guard case .cannotOpen = error, StoreFile.isRegularFile(file) else { throw error }
            return try openReadOnly(file, busyTimeout: busyTimeout, else: error)
        } catch let problem as Unusable {
            let movedTo = try StoreFile.moveAside(file, at: now)
            let notice: String
            switch problem {
            case .damaged(let reason):
                notice = Sanitizer.clean("The article cache was damaged (\(reason)); it was moved to \(movedTo.path) and a new one started.")
            case .foreign:
                notice = Sanitizer.clean("\(file.path) was not a Headlines cache; it was moved to \(movedTo.path) and a new one started.")
            }
            try StoreFile.createIfMissing(file)
            do {
                var opened = try attempt(file, busyTimeout: busyTimeout)
                opened.notices.insert(notice, at: 0)
                return opened
            } catch is Unusable {
                throw StoreError.cannotOpen(path: file.path, reason: "a new cache file could not be made")
            }
        }
    }

    /// Reads a cache that cannot be written: opened for reading, or, when not even its `-shm`
    /// can be made (a read-only folder or file system), as immutable. Throws `failure` (why it
    /// could not be opened for writing) when neither works.
    private static func openReadOnly(_ file: URL, busyTimeout: Duration, else failure: StoreError) throws -> OpenedStore {
        for mode in [SQLiteConnection.Mode.readOnly, .immutable] {
            do {
                return try attempt(file, busyTimeout: busyTimeout, mode: mode)
            } catch is Unusable {
                throw failure  // not moved aside: it cannot be
            } catch {
                continue
            }
        }
        throw failure
    }

    /// `attempt`, again while another instance holds the file for less than `busyTimeout`.
    /// SQLite waits for most locks itself, but some are answered busy at once (two instances
    /// that open an old file together: one is turning its journal into a WAL).
    private static func attemptWaitingOutBusy(_ file: URL, busyTimeout: Duration) throws -> OpenedStore {
        let clock = ContinuousClock()
        let deadline = clock.now + busyTimeout
        while true {
            do {
                return try attempt(file, busyTimeout: busyTimeout)
            } catch StoreError.busy where clock.now < deadline {
                usleep(20_000)
            }
        }
    }

    private static func attempt(_ file: URL, busyTimeout: Duration, mode: SQLiteConnection.Mode = .readWrite) throws -> OpenedStore {
        do {
            let db = try SQLiteConnection(path: file.path, mode: mode)
            db.setBusyTimeout(busyTimeout)
            let readOnly = db.isReadOnly
            try db.execute("PRAGMA foreign_keys = ON")
            try SearchRanking.register(db)
            // Identified before anything is written: a file that is not ours stays as it was.
            let version = try identify(db, file: file)
            // A new cache gives back to the file system what a prune frees (`PRAGMA incremental_vacuum`
            // after each batch); the mode can only be chosen before the first table.
            if !readOnly, version == 0 { try db.execute("PRAGMA auto_vacuum = INCREMENTAL") }
            if !readOnly { try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL") }
            // A merge looks up every item of a feed in the indexes: with SQLite's default 2 MiB
            // of page cache, that meant a read from the OS per lookup. Pages are cached only as
            // they are read, so a short session never comes near the cap.
            try db.execute("PRAGMA cache_size = -\(cacheKiB); PRAGMA wal_autocheckpoint = \(checkpointPages)")
            try migrate(db, from: version, file: file, readOnly: readOnly)
            // Touch every table, so that a file damaged past its header is found now.
            _ = try db.integer("SELECT (SELECT max(id) FROM source) + (SELECT max(id) FROM article) + (SELECT count(*) FROM article_text WHERE rowid = 1)")
            let access: StoreAccess =
                !readOnly
                ? .readWrite
                : .readOnly(reason: mode == .immutable ? "neither it nor its folder can be written" : "the file cannot be written")
            let notices = readOnly ? [] : compactOnce(db)
            return OpenedStore(connection: db, access: access, notices: notices)
        } catch let error as SQLiteError where error.isDamage {
            throw Unusable.damaged(error.message)
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.busy
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: file.path, reason: error.message)
        }
    }

    /// A cache made before incremental vacuum never gives freed pages back; schema 12 and 13
    /// free nearly half of one (the search index's copy of the text, the article rows' text
    /// written anew). When a quarter of such a file is free, it is compacted once and switched
    /// to incremental vacuum, so that prunes shrink it from then on; returns the sentence that
    /// says so. Not done (and tried at the next open) when another process holds the file or the
    /// disk lacks the room: the cache works the same, only larger.
    static func compactOnce(_ db: SQLiteConnection) -> [String] {
        do {
            guard try db.integer("PRAGMA auto_vacuum") == 0 else { return [] }
            let pages = try db.integer("PRAGMA page_count")
            guard pages > 0, try db.integer("PRAGMA freelist_count") * 4 >= pages else { return [] }
            let before = try db.integer("PRAGMA page_size") * pages
            try db.execute("PRAGMA auto_vacuum = INCREMENTAL; VACUUM")
            let after = try db.integer("PRAGMA page_size") * db.integer("PRAGMA page_count")
            return [
                "The article cache was compacted once after its upgrade: \(ByteCount.describe(Int(before))) -> \(ByteCount.describe(Int(after)))."
            ]
        } catch {
            return []  // busy or no room: the file stays as it was, and the next open tries again
        }
    }

    /// Brings the schema up to `Schema.latest`: every missing step in one transaction.
    private static func migrate(_ db: SQLiteConnection, from version: Int, file: URL, readOnly: Bool) throws {
        guard version < Schema.latest else { return }
        guard !readOnly else {
            throw StoreError.cannotOpen(path: file.path, reason: "it needs upgrading and cannot be written")
        }
        try db.writeTransaction {
            // Another instance may have upgraded it while this one waited for the lock.
            let current = try identify(db, file: file)
            for step in Schema.steps where step.version > current {
                let applied = try step.appliedCheck.map { try db.integer($0) > 0 } ?? false
                if !applied { try db.execute(step.sql) }
                try db.execute("PRAGMA user_version = \(step.version)")
            }
        }
    }

    /// The file's schema version: 0 for an empty database; throws when it is someone else's
    /// or newer than this build knows.
    private static func identify(_ db: SQLiteConnection, file: URL) throws -> Int {
        let applicationID = try db.integer("PRAGMA application_id")
        let version = Int(try db.integer("PRAGMA user_version"))
        if applicationID == Schema.applicationID {
            guard version <= Schema.latest else {
                throw StoreError.newerVersion(path: file.path, found: version, supported: Schema.latest)
            }
            return version
        }
        let objects = try db.integer("SELECT count(*) FROM sqlite_schema")
        guard applicationID == 0, version == 0, objects == 0 else { throw Unusable.foreign }
        return 0
    }
}
