import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// `[server "Name"]` sections: what they take, what they refuse (with its line), and a
/// password that never shows where others could read it.
@Suite("Server config")
struct ServerConfigTests {
    @Test func aServerSectionGivesAServer() throws {
        let config = try ConfigFixture.parse(
            """
            timeout = 5
            [server "Home"]
            kind = ttrss
            url = https://rss.example.com/
            user = me
            password-command = pass show "rss/home server"

            [source "Local"]
            url = ./feed.xml
            """)
        #expect(config.sources.map(\.name) == ["Local"])
        #expect(
            config.servers == [
                ServerConfig(
                    name: "Home", kind: .ttrss, url: URL(string: "https://rss.example.com/")!, user: "me",
                    password: .command(["pass", "show", "rss/home server"]), line: 2, passwordLine: 6)
            ])
    }

    /// `require-https`: a section's own, else the global setting's, else no (issue 28).
    @Test func requireHTTPSIsTheSectionsOwnElseTheGlobalOne() throws {
        func section(_ name: String, _ extra: String) -> String {
            "[server \"\(name)\"]\nkind = fever\nurl = http://e.com/fever/\nuser = me\npassword-file = /p\n\(extra)"
        }
        let local = try ConfigFixture.parse(section("A", "require-https = yes\n") + section("B", ""))
        #expect(local.servers.map(\.requireHTTPS) == [true, false])
        let global = try ConfigFixture.parse("require-https = yes\n" + section("A", "") + section("B", "require-https = no\n"))
        #expect(global.settings.requireHTTPS)
        #expect(global.servers.map(\.requireHTTPS) == [true, false])
    }

    @Test func aPasswordFileIsReadFromTheConfigsFolder() throws {
        let config = try ConfigFixture.parse("[server \"Feeds\"]\nkind = fever\nurl = https://example.com/fever/\nuser = me\npassword-file = ./fever.pw\n")
        #expect(config.servers.first?.password == .file(URL(fileURLWithPath: "/home/reader/.config/headlines/fever.pw")))
        #expect(config.servers.first?.kind == .fever)
    }

    @Test(arguments: [
        ("[server \"A\"]\nkind = rss\n", 2, "kind is ttrss, fever, greader, freshrss, inoreader, miniflux or nextcloud, not \"rss\""),
        ("[server \"A\"]\nkind = ttrss\nuser = me\npassword-file = /p\n", 1, "server \"A\" needs url = the server's address"),
        ("[server \"A\"]\nkind = ttrss\nurl = https://e.com/\npassword-file = /p\n", 1, "server \"A\" needs user = the account's name"),
        ("[server \"A\"]\nkind = ttrss\nurl = https://e.com/\nuser = me\n", 1, "server \"A\" needs password-command or password-file"),
        (
            "[server \"A\"]\nkind = ttrss\nurl = https://e.com/\nuser = me\npassword-file = /p\npassword-command = pass x\n", 6,
            "server \"A\" takes one of password-command, password-file and password"
        ),
        (
            "[server \"A\"]\ngroup = News\n", 2,
            "unknown server setting \"group\" (a server takes kind, url, user, password-command, password-file, password, require-https, app-id, app-key, sync-limit)"
        ),
        ("[source \"A\"]\nurl = https://e.com/\n[server \"A\"]\n", 3, "duplicate server name \"A\" (first on line 1)"),
        ("[server \"A\"]\npassword-command = \"\"\n", 2, "password-command names no program"),
        ("[server \"A\"]\nrequire-https = maybe\n", 2, "require-https is yes or no, not \"maybe\""),
    ])
    func mistakesNameTheirLine(text: String, line: Int, reason: String) {
        let error = ConfigFixture.error(text)
        #expect(error?.line == line)
        #expect(error?.reason == reason)
    }

    @Test func aPasswordInAConfigOthersCanReadIsRefusedWithoutShowingIt() throws {
        let folder = try TemporaryFolder("config")
        let text = "[server \"Home\"]\nkind = ttrss\nurl = https://e.com/\nuser = me\npassword = s3cret-horse\n"
        let url = try folder.write(Data(text.utf8), to: "config")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        let load = { () throws(ConfigError) -> Config? in
            try ConfigFile.load(url, environment: ["HOME": "/nonexistent-home"], knownActions: ConfigFixture.actions)
        }
        let error = #expect(throws: ConfigError.self) { try load() }
        #expect(error?.line == 5)
        #expect(error?.reason.contains("holds the password of server \"Home\" but others can read it (mode 644)") == true)
        #expect(error?.message.contains("s3cret") == false)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        let config = try load()
        #expect(config?.servers.first?.password == .inline("s3cret-horse"))
        #expect(!String(describing: config as Any).contains("s3cret"))
    }
}
