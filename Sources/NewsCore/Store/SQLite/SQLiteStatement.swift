import CSQLite
import FoundationEssentials

/// A value that can be bound to a statement parameter.
protocol SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self) }
}

extension Int: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, Int64(self)) }
}

extension Bool: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self ? 1 : 0) }
}

extension Double: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_double(statement, index, self) }
}

/// Dates are stored as Unix time in seconds (REAL).
extension Date: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, timeIntervalSince1970)
    }
}

extension String: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text64(statement, index, $0.baseAddress, UInt64($0.count), hl_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }
}

/// One prepared statement, reused: the connection keeps it and resets it after each use.
final class SQLiteStatement {
    let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(sql: String, connection: SQLiteConnection) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(code: code, handle: connection.handle)
        }
        self.handle = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to parameters 1, 2, ... (nil binds NULL).
    func bind(_ values: [(any SQLiteBindable)?]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code = value?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
            guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: connection.handle) }
        }
    }

    /// Steps once: true when a row is ready to read, false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            // sqlite3_reset returns the same code; calling it lets the next use start clean.
            sqlite3_reset(handle)
            throw SQLiteError(code: code, handle: connection.handle)
        }
    }

    /// Ends this use: the statement can be bound again, and its read lock (if any) is released.
    func reset() { sqlite3_reset(handle) }

    var row: SQLiteRow { SQLiteRow(handle: handle) }
}

/// The current row of a statement, read by column index.
struct SQLiteRow {
    let handle: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func int(_ column: Int32) -> Int { Int(truncatingIfNeeded: sqlite3_column_int64(handle, column)) }

    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

    /// The column as a number; nil when it holds none (NULL, or text in a hand-edited file).
    func double(_ column: Int32) -> Double? {
        let type = sqlite3_column_type(handle, column)
        return type == SQLITE_FLOAT || type == SQLITE_INTEGER ? sqlite3_column_double(handle, column) : nil
    }

    /// A stored Unix time; nil when NULL or not a finite number (a hand-edited file).
    func date(_ column: Int32) -> Date? {
        guard let seconds = double(column), seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The column's text as the file holds it (empty for NULL), valid only inside `body`.
    func withUTF8<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        guard let bytes = sqlite3_column_text(handle, column) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column as text; invalid UTF-8 (a hand-edited file) becomes U+FFFD.
    func text(_ column: Int32) -> String? {
        guard !isNull(column), let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
