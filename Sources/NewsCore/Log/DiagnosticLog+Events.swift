import FoundationEssentials

/// The events Headlines records, each with its fields in a fixed order so that lines can be
/// compared and searched (`grep 'event=fetch.*outcome=failed'`).
extension DiagnosticLog {
    /// How a fetch ended.
    public enum FetchOutcome: Sendable, Equatable {
        case ok
        /// A conditional GET answered 304.
        case notModified
        case cancelled
        case failed(String)

        var name: String {
            switch self {
            case .ok: return "ok"
            case .notModified: return "not-modified"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }
    }

    /// One fetch: `fetch source= url= status= bytes= ms= outcome= [error=]`. A failure is
    /// recorded at `error`, anything else at `info`.
    public func fetch(source: String, url: URL, status: Int?, bytes: Int, milliseconds: Int, outcome: FetchOutcome) {
        let level: LogLevel = if case .failed = outcome { .error } else { .info }
        guard records(level) else { return }
        var fields = [
            ("source", source), ("url", url.absoluteString), ("status", status.map(String.init) ?? "-"),
            ("bytes", String(bytes)), ("ms", String(milliseconds)), ("outcome", outcome.name),
        ]
        if case .failed(let reason) = outcome { fields.append(("error", reason)) }
        log(level, "fetch", fields: fields)
    }

    /// One parse: `parse source= format= items= skipped= [why=]`, `why` listing each reason with its count.
    public func parse(source: String, format: String, items: Int, skipped: [(reason: String, count: Int)] = []) {
        guard records(.info) else { return }
        var fields = [("source", source), ("format", format), ("items", String(items))]
        let total = skipped.reduce(0) { $0 + $1.count }
        fields.append(("skipped", String(total)))
        if total > 0 {
            fields.append(("why", skipped.filter { $0.count > 0 }.map { "\($0.reason): \($0.count)" }.joined(separator: "; ")))
        }
        log(.info, "parse", fields: fields)
    }

    /// A decision made from the config or the command line: `config decision= ...`
    /// (for example which file was read, where the key came from, which source opens first).
    public func config(_ decision: String, _ fields: KeyValuePairs<String, String> = [:], level: LogLevel = .info) {
        guard records(level) else { return }
        log(level, "config", fields: [("decision", decision)] + fields.map { ($0.key, $0.value) })
    }

    /// A decision of the cache: `cache decision= ...` (served from the cache, stored, expired, evicted).
    public func cache(_ decision: String, _ fields: KeyValuePairs<String, String> = [:], level: LogLevel = .info) {
        guard records(level) else { return }
        log(level, "cache", fields: [("decision", decision)] + fields.map { ($0.key, $0.value) })
    }

    /// A server's password about to go over `http://` (`ServerTransport.warning`), once per
    /// server and run: `server decision=plain-http server=Home warning="..."`.
    public func plainTextPassword(server: String, warning: String) {
        guard records(.error) else { return }
        log(.error, "server", fields: [("decision", "plain-http"), ("server", server), ("warning", warning)])
    }
}
