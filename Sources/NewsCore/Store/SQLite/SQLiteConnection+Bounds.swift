import CSQLite

/// The deadline a statement on a hostile file is interrupted at, read by SQLite's progress
/// handler while a statement runs (a view over an endless recursive query never ends by itself).
final class SQLiteQueryClock {
    let budget: Duration
    private var deadline: ContinuousClock.Instant

    init(budget: Duration) {
        self.budget = budget
        deadline = .now + budget
    }

    /// Starts the budget again, before a statement.
    func restart() { deadline = .now + budget }

    fileprivate var isPast: Bool { ContinuousClock.now > deadline }
}

extension SQLiteConnection {
    /// Makes a value longer than `bytes` fail (`SQLITE_TOOBIG`) instead of being built: a
    /// generated column can make 50 MB a row out of a 1 MB file.
    func limitValueLength(to bytes: Int) {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(clamping: bytes))
    }

    /// Interrupts (`SQLITE_INTERRUPT`) any statement still running past `clock`'s deadline.
    /// `clock` must live as long as the connection: SQLite holds it unretained.
    func interruptStatements(after clock: SQLiteQueryClock) {
        sqlite3_progress_handler(
            handle, 1_000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<SQLiteQueryClock>.fromOpaque(context).takeUnretainedValue().isPast ? 1 : 0
            }, Unmanaged.passUnretained(clock).toOpaque())
    }
}
