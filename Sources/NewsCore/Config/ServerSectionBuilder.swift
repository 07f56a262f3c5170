import FoundationEssentials

/// Collects the lines of one `[server "Name"]` section and checks them as a whole when it ends.
struct ServerSectionBuilder {
    static let keys = ["kind", "url", "user", "password-command", "password-file", "password", "require-https", "app-id", "app-key", "sync-limit"]
    static let kinds = "ttrss, fever, greader, freshrss, inoreader, miniflux or nextcloud"

    let name: String
    let line: Int
    private var kind: ServerConfig.Kind?
    private var url: URL?
    private var user: String?
    private var requireHTTPS: Bool?
    private var appID: String?
    private var appKey: String?
    private var syncLimit: Int?
    private var passwords: [(source: ServerConfig.PasswordSource, line: Int)] = []
    private var given: SectionKeys

    init(name: String, line: Int) {
        self.name = name
        self.line = line
        given = SectionKeys(kind: "server", keys: Self.keys, name: name)
    }

    mutating func set(_ key: String, value: String, line: Int, paths: ConfigPathResolver) throws(LineError) {
        try given.check(key, line: line)
        switch key {
        case "kind":
            guard let parsed = ServerConfig.Kind(rawValue: value.lowercased()) else {
                throw LineError("kind is \(Self.kinds), not \(ConfigText.quoted(value))")
            }
            kind = parsed
        case "url":
            url = try ConfigLocation.webURL(value)
        case "user":
            let cleaned = Sanitizer.clean(value, maxLength: TextLimits.name)
            guard !cleaned.isEmpty, cleaned == value else { throw LineError("user is empty or holds control characters") }
            user = cleaned
        case "password-command":
            let words = try ConfigText.words(Substring(value))
            guard !words.isEmpty, !words[0].isEmpty else { throw LineError("password-command names no program") }
            passwords.append((.command(words), line))
        case "sync-limit":
            guard let limit = Int(value), limit >= 1 else { throw LineError("sync-limit is a number of articles from 1 up, not \(ConfigText.quoted(value))") }
            syncLimit = limit
        case "require-https":
            requireHTTPS = try SettingsTable.flag(value, "require-https")
        case "password-file":
            passwords.append((.file(try paths.resolve(value)), line))
        case "app-id", "app-key":  // the key is never quoted back
            guard (1...256).contains(value.utf8.count), value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
                throw LineError("\(key) is 1 to 256 visible characters with no spaces")
            }
            if key == "app-id" { appID = value } else { appKey = value }
        default:  // "password": never quoted back in a message
            guard !value.isEmpty else { throw LineError("password is empty") }
            passwords.append((.inline(value), line))
        }
    }

    /// The finished server, or the line and reason of what is missing or contradictory.
    /// `requireHTTPS` is the global setting's value, which the section's own overrides.
    func build(requireHTTPS globalRequireHTTPS: Bool = false) throws(ConfigLineError) -> ServerConfig {
        let quotedName = ConfigText.quoted(name)
        guard let kind else { throw ConfigLineError(line, "server \(quotedName) needs kind = \(Self.kinds)") }
        guard let url = url ?? kind.defaultURL else { throw ConfigLineError(line, "server \(quotedName) needs url = the server's address") }
        // Miniflux without a user signs in with an API token, the password.
        guard let user = user ?? (kind == .miniflux ? "" : nil) else {
            throw ConfigLineError(line, "server \(quotedName) needs user = the account's name")
        }
        guard let password = passwords.first else {
            throw ConfigLineError(line, "server \(quotedName) needs password-command or password-file")
        }
        if passwords.count > 1 {
            throw ConfigLineError(passwords[1].line, "server \(quotedName) takes one of password-command, password-file and password")
        }
        let app = try appRegistration(kind, quotedName)
        return ServerConfig(
            name: name, kind: kind, url: url, user: user, password: password.source, requireHTTPS: requireHTTPS ?? globalRequireHTTPS, app: app,
            syncLimit: syncLimit, line: line, passwordLine: password.line)
    }

    /// `app-id` and `app-key` together, for the Google Reader kinds only; Inoreader's required.
    private func appRegistration(_ kind: ServerConfig.Kind, _ quotedName: String) throws(ConfigLineError) -> ServerConfig.AppRegistration? {
        switch (appID, appKey) {
        case (let id?, let key?):
            guard kind.speaksGoogleReader else {
                throw ConfigLineError(line, "server \(quotedName): app-id and app-key are for kind = greader, freshrss or inoreader")
            }
            return ServerConfig.AppRegistration(id: id, key: key)
        case (nil, nil):
            guard kind != .inoreader else {
                throw ConfigLineError(
                    line,
                    "server \(quotedName) needs app-id and app-key: Inoreader asks them of every client (register one under Preferences, Developer, on inoreader.com)"
                )
            }
            return nil
        default:
            throw ConfigLineError(line, "server \(quotedName) needs both app-id and app-key, or neither")
        }
    }
}
