import CSQLite
import FoundationEssentials

/// One SQLite connection and its prepared statements. Not thread-safe by itself: it belongs
/// to one `ArticleStore` actor, which serialises every use (hence SQLITE_OPEN_NOMUTEX).
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// How a file is opened.
    enum Mode {
        /// Reading and writing, creating it when missing (SQLite falls back to reading alone
        /// when the file cannot be written).
        case readWrite
        case readOnly
        /// Reading a file nothing can change meanwhile: no locks, no `-wal` or `-shm` (which a
        /// read-only file system or folder cannot hold); what a `-wal` holds is not seen.
        case immutable
    }

    /// Opens `path` in `mode`.
    init(path: String, mode: Mode = .readWrite) throws {
        var db: OpaquePointer?
        let code: Int32
        switch mode {
        case .readWrite:
            code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        case .readOnly:
            code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        case .immutable:
            code = sqlite3_open_v2(Self.uri(path) + "?immutable=1", &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError(code: code, handle: db)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        FilterFunctions.register(on: db)
        SearchFunctions.register(on: db)
    }

    /// `path` as a `file:` URI: the bytes a URI's path gives a meaning (`%`, `?`, `#`) escaped.
    static func uri(_ path: String) -> String {
        var text = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default:
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }

    deinit {
        statements.removeAll()  // finalized first: close_v2 would otherwise wait for them
        sqlite3_close_v2(handle)
    }

    /// True when SQLite opened the file for reading only (the file or its folder refuses writes).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// How long a statement waits for another connection's lock before failing busy.
    func setBusyTimeout(_ timeout: Duration) {
        let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs one or more statements that take no parameters (schema, pragmas).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) }
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text ?? String(cString: sqlite3_errstr(code)))
        }
    }

    /// Runs `body` with at most `kib` KiB of page cache. A sweep over a whole table (pruning)
    /// reads each page once and gains nothing from keeping them: under the usual cap it grew
    /// the cache, and the program's peak memory, by the table's size.
    func withPageCache<T>(kib: Int, _ body: () throws -> T) throws -> T {
        let usual = try integer("PRAGMA cache_size")
        try execute("PRAGMA cache_size = -\(kib)")
        defer {
            // Failing to raise the cap again only makes later lookups read from the OS more often.
            try? execute("PRAGMA cache_size = \(usual)")
        }
        return try body()
    }

    /// The prepared statement for `sql`, made once per connection.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try SQLiteStatement(sql: sql, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: (any SQLiteBindable)?...) throws -> Int {
        try run(sql, values: values)
    }

    @discardableResult
    func run(_ sql: String, values: [(any SQLiteBindable)?]) throws -> Int {
        let statement = try statement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        while try statement.step() {}
        return changes
    }

    /// Runs a query and maps each row.
    func rows<T>(_ sql: String, _ values: [(any SQLiteBindable)?], _ map: (SQLiteRow) throws -> T?) throws -> [T] {
        let statement = try statement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        var result: [T] = []
        while try statement.step() {
            if let value = try map(statement.row) { result.append(value) }
        }
        return result
    }

    /// Runs `body` on every row of a query, building nothing in between.
    func each(_ sql: String, _ values: [(any SQLiteBindable)?], _ body: (SQLiteRow) throws -> Void) throws {
        let statement = try statement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        while try statement.step() { try body(statement.row) }
    }

    /// The first row of a query, mapped; nil when there is none.
    func firstRow<T>(_ sql: String, _ values: (any SQLiteBindable)?..., map: (SQLiteRow) throws -> T?) throws -> T? {
        try firstRow(sql, values: values, map: map)
    }

    func firstRow<T>(_ sql: String, values: [(any SQLiteBindable)?], map: (SQLiteRow) throws -> T?) throws -> T? {
        let statement = try statement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? map(statement.row) : nil
    }

    /// An integer pragma or single-value query (`PRAGMA user_version`); 0 when it returns no row.
    func integer(_ sql: String) throws -> Int64 {
        try firstRow(sql) { $0.int64(0) } ?? 0
    }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE, so the write lock is taken, or
    /// waited for, up front); rolls back when it throws. `lockTimeout` bounds the wait for the
    /// lock in place of the busy timeout.
    func writeTransaction<T>(lockTimeout: Duration? = nil, _ body: () throws -> T) throws -> T {
        if let lockTimeout {
            // Only taking the write lock waits on another connection (in WAL mode, readers never block a writer).
            let usual = try integer("PRAGMA busy_timeout")
            setBusyTimeout(lockTimeout)
            defer { setBusyTimeout(.milliseconds(usual)) }
            try run("BEGIN IMMEDIATE")
        } else {
            try run("BEGIN IMMEDIATE")
        }
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            // A failed COMMIT or an I/O error may have rolled back already; then this fails
            // harmlessly, and the error that matters is the one rethrown.
            if sqlite3_get_autocommit(handle) == 0 { _ = try? run("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` in one read transaction, so that several queries see the same snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try run("BEGIN")
        defer {
            // A read transaction has nothing to lose; ending it can only fail if it already ended.
            if sqlite3_get_autocommit(handle) == 0 { _ = try? run("COMMIT") }
        }
        return try body()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
