import FoundationEssentials
import Synchronization
import Dispatch

/// The diagnostic log (`--log FILE`, `log = FILE`): off unless opened, one line per event
/// (see `LogLine`), filtered by level, written in call order on a serial queue that callers
/// never wait on, never holding a secret, rotated at 1 MiB with one old file kept.
///
/// Calls return at once: the line's time is taken at the call, and the formatting and the write
/// happen on the queue. `flush()` waits (without blocking a thread) until every earlier line is written.
public final class DiagnosticLog: Sendable {
    /// A log that records nothing, for when no log is asked for.
    public static let off = DiagnosticLog(sink: nil, level: .error)

    /// Where rotation starts: 1 MiB.
    public static let rotationSize = 1024 * 1024

    /// The most detailed level recorded.
    public let level: LogLevel
    private let sink: Sink?

    private init(sink: Sink?, level: LogLevel) {
        self.sink = sink
        self.level = level
    }

    /// Opens (or creates, mode 0600) `file` for appending. `secrets` (the API key, and any other
    /// value that must never reach the file; values shorter than 4 characters are ignored, as they
    /// would blank out ordinary text) are replaced by `[redacted]` wherever they appear.
    public static func open(
        file: URL, level: LogLevel, secrets: [String] = [], rotateAt: Int = rotationSize
    ) throws(LogError) -> DiagnosticLog {
        let writer = try LogFileWriter(path: file.path, rotateAt: rotateAt)
        let sink = Sink(writer: writer)
        sink.addSecrets(secrets)
        return DiagnosticLog(sink: sink, level: level)
    }

    /// True when lines of `level` are recorded; check it before building costly fields.
    public func records(_ level: LogLevel) -> Bool { sink != nil && level <= self.level }

    /// Adds values to redact from every line not yet written (a key learned after the log opened).
    public func addSecrets(_ secrets: [String]) { sink?.addSecrets(secrets) }

    /// Records one event with its fields, in the order given.
    public func log(_ level: LogLevel, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        log(level, event, fields: fields.map { ($0.key, $0.value) })
    }

    public func log(_ level: LogLevel, _ event: String, fields: [(String, String)]) {
        guard let sink, records(level) else { return }
        let date = Date()
        sink.queue.async {
            sink.writer.append(LogLine.format(date: date, level: level, event: event, fields: fields, secrets: sink.secrets))
        }
    }

    /// Returns once every line logged before the call is in the file (for tests, and before exit).
    public func flush() async {
        guard let sink else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            sink.queue.async { continuation.resume() }
        }
    }

    /// Lines lost to write errors so far (read on the queue, so after everything logged before the call).
    public func droppedLines() async -> Int {
        guard let sink else { return 0 }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            sink.queue.async { continuation.resume(returning: sink.writer.dropped) }
        }
    }

    /// The queue, the file it alone touches, and the secrets.
    private final class Sink: Sendable {
        let queue = DispatchQueue(label: "headlines.diagnostic-log")
        let writer: LogFileWriter
        private let secretList = Mutex<[String]>([])

        init(writer: LogFileWriter) { self.writer = writer }

        var secrets: [String] { secretList.withLock { $0 } }

        func addSecrets(_ values: [String]) {
            let usable = values.filter { $0.count >= 4 }
            secretList.withLock { list in
                for value in usable where !list.contains(value) { list.append(value) }
                // Longest first, so that a secret containing another is replaced whole.
                list.sort { $0.count > $1.count }
            }
        }
    }
}
