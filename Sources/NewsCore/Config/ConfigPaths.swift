import FoundationEssentials

/// Where the config file lives, and how paths are written in it and in messages.
public enum ConfigPaths {
    /// The config file to read: `explicit` (from `--config FILE`, relative to `workingDirectory`)
    /// when given; else `$XDG_CONFIG_HOME/headlines/config` when that variable is an absolute path;
    /// else `~/.config/headlines/config`. Nil only when there is no home folder to look in.
    public static func configFile(explicit: String?, environment: [String: String], workingDirectory: String) -> URL? {
        if let explicit {
            let folder = URL(fileURLWithPath: workingDirectory, isDirectory: true)
            return URL(fileURLWithPath: expandingTilde(explicit, home: home(environment)), relativeTo: folder).standardizedFileURL
        }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("headlines/config")
        }
        guard let home = home(environment) else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/headlines/config")
    }

    /// `path` as a person would type it: under the home folder it starts with `~/`.
    public static func display(_ path: String, environment: [String: String]) -> String {
        guard let home = home(environment), home.count > 1 else { return path }
        let prefix = home.hasSuffix("/") ? home : home + "/"
        return path.hasPrefix(prefix) ? "~/" + path.dropFirst(prefix.count) : path
    }

    /// The home folder: `HOME` when it is set to an absolute path, else the account's.
    static func home(_ environment: [String: String]) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        let fallback = AccountHome.path()
        return fallback.hasPrefix("/") ? fallback : nil
    }

    static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home else { return path }
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        return path
    }
}

/// Turns path values in the config into absolute file URLs: `~/` is the home folder, and a
/// relative path is read from the config file's folder (not the working directory, which changes).
struct ConfigPathResolver: Sendable {
    /// The folder holding the config file.
    let folder: URL
    let home: String?

    func resolve(_ text: String) throws(LineError) -> URL {
        guard !text.isEmpty else { throw LineError("the path is empty") }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw LineError("the path holds a control character")
        }
        if text.hasPrefix("~"), text != "~", !text.hasPrefix("~/") {
            throw LineError("\(ConfigText.quoted(text)): only ~/ (your own home folder) is understood, not ~user")
        }
        if text.hasPrefix("~"), home == nil { throw LineError("\(ConfigText.quoted(text)) starts with ~ but there is no home folder") }
        let expanded = ConfigPaths.expandingTilde(text, home: home)
        return URL(fileURLWithPath: expanded, relativeTo: folder).standardizedFileURL
    }

    /// True for text that names a file in a `url =` value: `/`, `~`, `./` or `../` first.
    static func looksLikePath(_ text: String) -> Bool {
        text.hasPrefix("/") || text.hasPrefix("~") || text.hasPrefix("./") || text.hasPrefix("../")
    }
}
