/// How much the diagnostic log records: `error` only failures, `info` every fetch, parse and
/// decision, `debug` everything besides.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case error = 0
    case info = 1
    case debug = 2

    /// Reads `error`, `info` or `debug` in any case.
    public init?(name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }

    /// The name as the log line and the config write it.
    public var name: String {
        switch self {
        case .error: return "error"
        case .info: return "info"
        case .debug: return "debug"
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
