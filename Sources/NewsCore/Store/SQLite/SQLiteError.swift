import CSQLite

/// A failed SQLite call: its extended result code and SQLite's own message. Internal: the
/// store turns it into a `StoreError` before anyone outside sees it.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_IOERR_WRITE`, ...).
    let extendedCode: Int32
    let message: String

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, ...).
    var code: Int32 { extendedCode & 0xFF }

    init(code: Int32, message: String) {
        self.extendedCode = code
        self.message = message
    }

    /// The error of the last failed call on `handle`.
    init(code: Int32, handle: OpaquePointer?) {
        let text = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(code: code, message: text ?? String(cString: sqlite3_errstr(code)))
    }

    var description: String { "SQLite error \(extendedCode): \(message)" }

    /// The file is not a database, or its pages do not hold together.
    var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// Another connection holds the lock for longer than the busy timeout.
    var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// The file or the file system refuses writes.
    var isReadOnly: Bool { code == SQLITE_READONLY || code == SQLITE_PERM }

    /// The unix VFS reports ENOSPC, like `max_page_count`, as SQLITE_FULL.
    var isDiskFull: Bool { code == SQLITE_FULL }
}
