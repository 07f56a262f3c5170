import FoundationEssentials

/// One `[server "Name"]` section: a feed server (Tiny Tiny RSS, Fever, Google Reader, Miniflux,
/// Nextcloud News) whose feeds Headlines reads through the server, and where its password comes from. The password itself is read
/// only when a sync needs it (`ServerPassword`), and never shown.
public struct ServerConfig: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case ttrss
        case fever
        /// The Google Reader API at `url`; `freshrss` and `inoreader` are it at their usual paths.
        case greader
        case freshrss
        case inoreader
        /// Miniflux's own API (v1): an API token, or the user and password.
        case miniflux
        /// Nextcloud News' API (v1.3).
        case nextcloud

        /// The address when the section gives none: Inoreader's.
        var defaultURL: URL? { self == .inoreader ? URL(string: "https://www.inoreader.com") : nil }
        /// The kinds that speak the Google Reader API.
        var speaksGoogleReader: Bool { self == .greader || self == .freshrss || self == .inoreader }
    }

    /// A registered app's id and key (`app-id`, `app-key`), sent with every request: Inoreader
    /// asks them of every client that logs in with ClientLogin. The key is never shown.
    public struct AppRegistration: Sendable, Equatable, CustomStringConvertible {
        public var id: String
        public var key: String

        public init(id: String, key: String) {
            self.id = id
            self.key = key
        }

        public var description: String { "app \(id) (key hidden)" }
    }

    /// Where the password comes from.
    public enum PasswordSource: Sendable, Equatable, CustomStringConvertible {
        /// `password-command`: a program and its arguments, run without a shell; the first line
        /// it prints is the password.
        case command([String])
        /// `password-file`: the file's first line; the file must be private (mode 0600).
        case file(URL)
        /// `password =` in the config itself (only when the config file is private).
        case inline(String)

        /// Never the password: a `Config` may be printed in a test failure or a log.
        public var description: String {
            switch self {
            case .command(let words): return "command \(words.first ?? "")"
            case .file(let url): return "file \(url.path)"
            case .inline: return "inline (hidden)"
            }
        }
    }

    /// The section's name, sanitised; unique among sources and servers. Messages name the server by it.
    public var name: String
    public var kind: Kind
    /// The articles one sync may bring, from `sync-limit`.
    public var articleLimit: SyncArticleLimit { SyncArticleLimit(configured: syncLimit) }

    /// The server's base URL (TT-RSS: its page, whose `api/` is called; Fever and greader: the API's
    /// own URL; FreshRSS: its page, whose `api/greader.php` is called; Inoreader: its site; Miniflux:
    /// its address, whose `v1/` is called; Nextcloud: its address, whose
    /// `index.php/apps/news/api/v1-3/` is called).
    public var url: URL
    /// The account's name; empty for Miniflux with an API token (the password is the token).
    public var user: String
    public var password: PasswordSource
    /// `require-https`: the password is never sent to an `http://` address (`ServerTransport`).
    public var requireHTTPS: Bool
    /// `app-id` and `app-key` (Google Reader kinds only).
    public var app: AppRegistration?
    /// `sync-limit`: the most articles one sync may bring, raising `SyncArticleLimit`'s own.
    public var syncLimit: Int?
    /// The line of the section header.
    public var line: Int
    /// The line that says where the password comes from.
    public var passwordLine: Int

    public init(
        name: String, kind: Kind, url: URL, user: String, password: PasswordSource, requireHTTPS: Bool = false,
        app: AppRegistration? = nil, syncLimit: Int? = nil, line: Int = 0, passwordLine: Int = 0
    ) {
        self.syncLimit = syncLimit
        self.name = name
        self.kind = kind
        self.url = url
        self.user = user
        self.password = password
        self.requireHTTPS = requireHTTPS
        self.app = app
        self.line = line
        self.passwordLine = passwordLine
    }
}
