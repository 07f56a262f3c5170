import FoundationEssentials

/// Where the article cache lives: `$XDG_CACHE_HOME/headlines/cache.db`, else
/// `~/.cache/headlines/cache.db`.
public enum StoreLocation {
    public static let fileName = "cache.db"

    public static func resolve(environment: [String: String]) -> URL {
        folder(environment).appendingPathComponent(fileName, isDirectory: false)
    }

    private static func folder(_ environment: [String: String]) -> URL {
        // The XDG spec says a relative value is invalid and must be ignored.
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("headlines", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? AccountHome.path()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache", isDirectory: true)
            .appendingPathComponent("headlines", isDirectory: true)
    }
}
