/// Which NewsAPI key to use, and where it came from (for the diagnostic log, never the key itself).
public struct NewsAPIKey: Sendable, Equatable {
    public enum Origin: String, Sendable {
        case environment = "NEWSAPI_KEY"
        case configFile = "config file"
    }

    public let key: String
    public let origin: Origin

    /// `NEWSAPI_KEY`, trimmed, when it holds more than white space, wins over `newsapi-key` in the
    /// config; nil when neither gives one. (A config whose key others can read never loads: see `ConfigFile`.)
    public static func resolve(environment: [String: String], config: Config?) -> NewsAPIKey? {
        if let value = environment["NEWSAPI_KEY"] {
            let trimmed = value.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
            if !trimmed.isEmpty { return NewsAPIKey(key: String(trimmed), origin: .environment) }
        }
        if let key = config?.settings.newsAPIKey { return NewsAPIKey(key: key, origin: .configFile) }
        return nil
    }
}
