import FoundationEssentials

/// newsboat's sync settings (`urls-source "ttrss"`, `ttrss-url`, `ttrss-login`,
/// `ttrss-passwordfile`, ...) as one `[server "Name"]` section of the matching kind. The password
/// is never written in clear when newsboat had it in a file or a command: those become
/// `password-file` and `password-command`; a plain `*-password` is moved with a note saying
/// where it lives now. Settings of a service `urls-source` does not name are skipped, as newsboat
/// ignores them too.
struct NewsboatSyncSettings {
    /// One `[server]` section to add.
    struct Section: Sendable, Equatable {
        var name: String
        var lines: [String]
        /// The `urls-source` line.
        var line: Int
        /// Whether it holds the password itself (the config is then made private).
        var holdsPassword: Bool
    }

    /// newsboat's services, by their settings' prefix: Headlines' kind, the section's name, and
    /// the address used when newsboat needs none.
    static let services: [String: (kind: String, name: String, url: String?)] = [
        "ttrss": ("ttrss", "Tiny Tiny RSS", nil), "freshrss": ("freshrss", "FreshRSS", nil), "miniflux": ("miniflux", "Miniflux", nil),
        "ocnews": ("nextcloud", "Nextcloud News", nil), "inoreader": ("inoreader", "Inoreader", "https://www.inoreader.com"),
        "oldreader": ("greader", "The Old Reader", "https://theoldreader.com"), "feedhq": ("greader", "FeedHQ", "https://feedhq.org"),
    ]
    /// Services newsboat syncs with that Headlines does not.
    static let unsupported = ["newsblur": "NewsBlur", "feedbin": "Feedbin"]

    private var values: [String: [String: (value: String, line: Int)]] = [:]
    private var source: (value: String, line: Int)?

    /// Whether `command` is a sync setting (`urls-source`, or a service's `prefix-key`).
    static func isSyncSetting(_ command: String) -> Bool {
        command == "urls-source" || prefix(of: command) != nil
    }

    private static func prefix(of command: String) -> String? {
        guard let dash = command.firstIndex(of: "-") else { return nil }
        let prefix = String(command[..<dash])
        return services[prefix] != nil || unsupported[prefix] != nil ? prefix : nil
    }

    mutating func take(_ command: String, _ arguments: [String], line: Int) {
        let value = arguments.first ?? ""
        if command == "urls-source" {
            source = (value, line)
        } else if let prefix = Self.prefix(of: command) {
            values[prefix, default: [:]][String(command.dropFirst(prefix.count + 1))] = (value, line)
        }
    }

    /// The section, and what could not be carried (`skip`) or was carried with a word (`note`).
    func section(configName: String, skip: (Int, String, String) -> Void, note: (Int, String, String) -> Void) -> Section? {
        let chosen = source.map { $0.value.lowercased() } ?? "local"
        for (prefix, settings) in values where prefix != chosen {
            for (key, setting) in settings {
                skip(setting.line, "\(prefix)-\(key)", "urls-source does not name \(prefix), so newsboat does not use it")
            }
        }
        guard let source else { return nil }
        if let name = Self.unsupported[chosen] {
            skip(source.line, "urls-source", "Headlines does not sync with \(name)")
            return nil
        }
        guard let service = Self.services[chosen] else {
            if chosen != "local" && chosen != "opml" { skip(source.line, "urls-source", "newsboat has no source \(Sanitizer.clean(chosen, maxLength: 40))") }
            return nil
        }
        let settings = values[chosen] ?? [:]
        var lines = ["kind = \(service.kind)"]
        if let url = settings["url"] {
            do {
                _ = try ConfigLocation.webURL(url.value)
                lines.append("url = " + ConfigText.encode(url.value))
            } catch {
                skip(url.line, "\(chosen)-url", error.reason)
                return nil
            }
        } else if let url = service.url {
            lines.append("url = " + url)
        } else {
            skip(source.line, "urls-source", "no \(chosen)-url says where the server is")
            return nil
        }
        var holdsPassword = false
        // Miniflux's API token stands in for the login and password.
        let secret = ["token", "tokenfile", "tokeneval"].contains { settings[$0] != nil } ? "token" : "password"
        if let login = settings["login"] {
            if secret == "password" {
                lines.append("user = " + ConfigText.encode(login.value))
            } else {
                skip(login.line, "\(chosen)-login", "the API token is sent alone")
            }
        }
        // A file, else a command, else the password itself: never in clear when newsboat kept it elsewhere.
        let used = [secret + "file", secret + "eval", secret].first { settings[$0] != nil }
        if let used, let setting = settings[used] {
            let entry = "\(chosen)-\(used)"
            if used.hasSuffix("file") {
                lines.append("password-file = " + ConfigText.encode(setting.value))
            } else if used.hasSuffix("eval") {
                if setting.value.contains(where: { "|;&$`<>()*?'\"\\".contains($0) }) {
                    skip(
                        setting.line, entry, "newsboat runs it through a shell and Headlines runs password-command without one: write password-command by hand")
                } else {
                    lines.append("password-command = " + ConfigText.encode(setting.value))
                }
            } else {
                lines.append("password = " + ConfigText.encode(setting.value))
                holdsPassword = true
                note(
                    setting.line, entry,
                    "the password lives in \(configName) now, in clear (the file made readable by you only); password-file or password-command would keep it out"
                )
            }
        }
        let secrets = ["password", "passwordfile", "passwordeval", "token", "tokenfile", "tokeneval"]
        for (key, setting) in settings where key != "url" && key != "login" && key != used {
            let reason =
                secrets.contains(key)
                ? "the password comes from \(chosen)-\(used ?? secret)"
                : key.hasPrefix("flag-")
                    ? "Headlines syncs a star as the server's own star, and keeps no flags" : "Headlines has no such setting"
            skip(setting.line, "\(chosen)-\(key)", reason)
        }
        return Section(name: service.name, lines: lines, line: source.line, holdsPassword: holdsPassword)
    }
}
