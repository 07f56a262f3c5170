import Foundation

/// Whether the real feed servers can run on this machine, asked before their suites start: where
/// they cannot (a machine without the packages, or root without the `postgres` and `www-data`
/// users the servers must run as), the suites are skipped with one sentence saying how to fix
/// it, rather than failing test by test. Under CI (`CI=true`) they always run: a CI machine that
/// cannot start them must fail, not skip.
public enum SyncServerAvailability {
    /// The sentence a skipped server suite gives.
    public static let howToFix =
        "The feed servers cannot run here (Tiny Tiny RSS needs Debian's tt-rss, postgresql and php-cli, Coldsweat python3-venv, and as root the postgres and www-data users): run Resources/build/system-packages test, which make test runs."

    /// Tiny Tiny RSS: its package, PostgreSQL and PHP, and the users they run as under root.
    public static var tinyTinyRSS: Bool {
        inCI
            || (FileManager.default.fileExists(atPath: "/usr/share/tt-rss/www/update.php") && hasCommand("php")
                && postgresBinaries != nil && (getuid() != 0 || (hasUser("postgres") && hasUser("www-data"))))
    }

    /// Coldsweat (a Fever server), from PyPI into a virtual environment: python3 with venv.
    public static var fever: Bool {
        inCI || hasCommand("python3")
    }

    private static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    private static var postgresBinaries: String? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []  // none: no PostgreSQL
        return versions.map { "/usr/lib/postgresql/\($0)/bin/initdb" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func hasUser(_ name: String) -> Bool { getpwnam(name) != nil }

    private static func hasCommand(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}
