import FoundationEssentials

/// The article cache: one SQLite file, one connection, owned by this actor. Its work runs on
/// a queue of its own (see `StoreExecutor`), so callers, the interface included, only ever
/// await it. Every method that changes something runs in one transaction: it happens whole
/// or not at all (a kill or a full disk leaves the file as it was before).
///
/// Errors are `StoreError`s. When another instance holds the write lock past the busy timeout
/// (or past a `LockWait.brief` write's few milliseconds), or the file cannot be written, `access` turns `.readOnly` (reads go on working) until a
/// later write succeeds.
public actor ArticleStore {
    public nonisolated let file: URL
    /// Whether this instance can write; the interface shows `.readOnly`'s reason.
    public private(set) var access: StoreAccess = .readWrite
    /// One sentence per thing the person should know about opening (a damaged file moved aside).
    public private(set) var notices: [String] = []

    private let executor = StoreExecutor()
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private var connection: SQLiteConnection?
    private let busyTimeout: Duration
    /// The file could not be opened for writing at all; writes are not even tried.
    private var openedReadOnly = false
    /// Test hook (see `ArticleStore+Testing`): told after each article a merge writes.
    var mergeProbe: (@Sendable (Int) -> Void)?
    /// Editions fetched while another instance held the write lock, by source (see `ArticleStore+Kept`).
    var kept: [SourceKey: KeptMerge] = [:]
    /// The id the last kept article was given; kept articles count down from -1, clear of the file's.
    var nextKeptID: Int64 = 0
    /// `maxRanked`, lowered by tests.
    var rankingLimit = ArticleStore.maxRanked
    /// What lists, counts and search leave out (kill rules, `max-items`), and what filters know
    /// of the sources (see `ArticleStore+Rules`).
    var rules = ArticleRules()
    /// The time `age` is counted from; tests fix it.
    var clock: @Sendable () -> Date = { Date() }
    /// What other processes wrote, told apart from our own writes (see `ArticleStore+OtherWriters`).
    var otherWriters = OtherWriterWatch()

    private init(file: URL, busyTimeout: Duration) {
        self.file = file
        self.busyTimeout = busyTimeout
    }

    /// Opens (creating, upgrading, or replacing a damaged or foreign file) the cache at `file`,
    /// usually `StoreLocation.resolve(environment:)`. The work runs on the store's own queue.
    public static func open(
        at file: URL, busyTimeout: Duration = .seconds(2), now: Date = Date()
    ) async throws -> ArticleStore {
        let store = ArticleStore(file: file, busyTimeout: busyTimeout)
        try await store.load(now: now)
        return store
    }

    private func load(now: Date) throws {
        let opened = try StoreOpener.open(file, busyTimeout: busyTimeout, now: now)
        connection = opened.connection
        access = opened.access
        openedReadOnly = opened.access != .readWrite
        notices = opened.notices
        try reading { try startWatchingOtherWriters($0) }
    }

    // MARK: - Running statements

    /// Runs `body` against the connection, turning SQLite's errors into `StoreError`s.
    @discardableResult
    func reading<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let db = try database()
        do {
            return try body(db)
        } catch {
            throw translate(error)
        }
    }

    /// Runs `body` in one write transaction, keeping `access` up to date. `wait` is how long it
    /// waits for another instance's write lock.
    @discardableResult
    func writing<T>(wait: LockWait = .busyTimeout, _ body: (SQLiteConnection) throws -> T) throws -> T {
        if openedReadOnly, case .readOnly(let reason) = access { throw StoreError.readOnly(reason: reason) }
        let db = try database()
        do {
            let result = try db.writeTransaction(lockTimeout: wait == .brief ? Self.briefLockWait : nil) {
                try collectOtherWrites(db)
                let result = try body(db)
                try passOwnWrites(db)
                return result
            }
            access = .readWrite
            return result
        } catch let error as SQLiteError where error.isBusy {
            access = .readOnly(reason: "another Headlines is writing it")
            throw StoreError.busy
        } catch let error as SQLiteError where error.isReadOnly {
            access = .readOnly(reason: Sanitizer.clean(error.message))
            throw StoreError.readOnly(reason: error.message)
        } catch {
            throw translate(error)
        }
    }

    /// How long a `.brief` write waits for the lock: long enough for another instance's small
    /// write (marks) to end, short enough that reads queued behind it on this actor do not wait.
    static let briefLockWait = Duration.milliseconds(15)

    private func database() throws -> SQLiteConnection {
        guard let connection else { throw StoreError.failed(reason: "the cache is closed after an earlier failure") }
        return connection
    }

    private func translate(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        if error.isDiskFull { return StoreError.diskFull }
        if error.isBusy { return StoreError.busy }
        if error.isDamage { return replaceDamagedFile(error) }
        return StoreError.failed(reason: error.message)
    }

    /// The file turned out damaged in use: it is moved aside and a new one opened at once, so
    /// that the next call works; this call reports what happened.
    private func replaceDamagedFile(_ error: SQLiteError) -> StoreError {
        connection = nil  // closes it
        do {
            let movedTo = try StoreFile.moveAside(file, at: Date())
            let opened = try StoreOpener.open(file, busyTimeout: busyTimeout, now: Date())
            connection = opened.connection
            access = opened.access
            openedReadOnly = opened.access != .readWrite
            try startWatchingOtherWriters(opened.connection)
            return .damaged(movedTo: movedTo.path)
        } catch let storeError as StoreError {
            return storeError
        } catch {
            return .failed(reason: String(describing: error))
        }
    }
}

/// How long a write waits for another instance's write lock.
public enum LockWait: Sendable, Hashable {
    /// The store's busy timeout (2 s): marks, the command line, the last try at quit.
    case busyTimeout
    /// A few milliseconds: writes whose work is kept in memory and tried again later (the
    /// interface's merges, kept editions, search indexing). The store runs one call at a time,
    /// so a write waiting out the busy timeout would hold up every read behind it: the lists.
    case brief
}
