import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `--import-newsboat` carries the settings Headlines has under other names (`text-width`,
    /// `player`, `notify-program`, `unbind-key`, `save-path`, `download-path`) and newsboat's sync
    /// settings as a `[server]` section, its password never written in clear where newsboat kept
    /// it in a file; a carried binding that takes an action's only key is warned about; and a
    /// second import adds nothing twice (issue 51).
    @Suite struct NewsboatConfigCarry {
        static func prepare(config: String) throws -> TemporaryFolder {
            let home = try TemporaryFolder("e2e")
            let folder = home.url.appendingPathComponent(".newsboat", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "https://feeds.example.org/a.xml \"~Alpha\"\n".write(to: folder.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
            try config.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
            return home
        }

        static func configText(_ home: TemporaryFolder) throws -> String {
            try String(contentsOf: home.url.appendingPathComponent(".config/headlines/config"), encoding: .utf8)
        }

        @Test func settingsUnderOtherNamesAndTheSyncSettingsComeAcrossOnce() async throws {
            let home = try Self.prepare(
                config: """
                    text-width 72
                    player "mpv --no-video"
                    notify-program "/usr/local/bin/notify-new"
                    unbind-key D
                    save-path "~/saved-articles"
                    download-path "~/pods"
                    bind-key x toggle-article-read
                    urls-source "ttrss"
                    ttrss-url "https://rss.example.org/tt-rss/"
                    ttrss-login "reader"
                    ttrss-passwordfile "~/.ttrss-password"
                    ttrss-flag-star "s"
                    freshrss-url "https://fresh.example.org/"
                    """)
            defer { home.remove() }
            try "secret\n".write(to: home.url.appendingPathComponent(".ttrss-password"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home.url.appendingPathComponent(".ttrss-password").path)
            let first = try await HeadlinesSession.run(["--import-newsboat"], home: home)
            #expect(first.status == 0, "\(first.stderrText)")
            let lines = first.stdoutText.split(separator: "\n").map(String.init)
            // Five settings, unbind and bind, the server's four lines.
            #expect(lines.contains("Carried 11 lines of ~/.newsboat/config."), "\(lines)")
            for expected in [
                "Note ~/.newsboat/config:3 notify-program: carried as notify",
                "Skipped ~/.newsboat/config:12 ttrss-flag-star: Headlines syncs a star as the server's own star",
                "Skipped ~/.newsboat/config:13 freshrss-url: urls-source does not name freshrss",
                "Warning: full-text (Article) has no key now: x does toggle-read; give it one with bind KEY full-text.",
                "Warning: save-all-images (Headlines) has no key now: D is unbound; give it one with bind KEY save-all-images.",
            ] {
                #expect(lines.contains { $0.hasPrefix(expected) }, "\(expected) in \(lines)")
            }
            let config = try Self.configText(home)
            for line in [
                "text-width = 72", "player = mpv --no-video", "notify = /usr/local/bin/notify-new", "save-dir = ~/saved-articles",
                "podcast-dir = ~/pods", "unbind D", "bind x toggle-read",
                "[server \"Tiny Tiny RSS\"]\nkind = ttrss\nurl = https://rss.example.org/tt-rss/\nuser = reader\npassword-file = ~/.ttrss-password",
            ] {
                #expect(config.contains(line), "\(line) in \(config)")
            }
            #expect(!config.contains("secret"), "the password stays in its file")
            // The config reads back: the cache printed with no network.
            let printed = try await HeadlinesSession.run(["--print", "--offline"], home: home)
            #expect(printed.status == 0, "\(printed.stderrText)")

            // Again: nothing added twice, each line it would have added named.
            let again = try await HeadlinesSession.run(["--import-newsboat"], home: home)
            #expect(again.status == 0, "\(again.stderrText)")
            #expect(try Self.configText(home) == config, "\(again.stdoutText)")
            #expect(again.stdoutText.contains("Carried 0 lines of ~/.newsboat/config."), "\(again.stdoutText)")
            #expect(again.stdoutText.contains("urls-source: the config has a server named Tiny Tiny RSS already"), "\(again.stdoutText)")
        }

        @Test func aPlainPasswordMovesWithAWarningThatSaysWhereItLivesNow() async throws {
            let home = try Self.prepare(
                config: """
                    urls-source "miniflux"
                    miniflux-url "https://flux.example.org/"
                    miniflux-login "reader"
                    miniflux-password "hunter2"
                    """)
            defer { home.remove() }
            let result = try await HeadlinesSession.run(["--import-newsboat"], home: home)
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(
                result.stdoutText.contains(
                    "Note ~/.newsboat/config:4 miniflux-password: the password lives in ~/.config/headlines/config now, in clear"),
                "\(result.stdoutText)")
            let file = home.url.appendingPathComponent(".config/headlines/config")
            #expect(
                try Self.configText(home).contains("[server \"Miniflux\"]\nkind = miniflux\nurl = https://flux.example.org/\nuser = reader\npassword = hunter2")
            )
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "the config holding a password is readable by its owner only")
            let printed = try await HeadlinesSession.run(["--print", "--offline"], home: home)
            #expect(printed.status == 0, "\(printed.stderrText)")
        }

        /// The help lists an action a binding left with no key, under its own heading.
        @Test func theHelpListsAnActionLeftWithNoKey() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", .text(FeedFixtures.rss("Item", count: 2), contentType: "application/rss+xml"))
            let config = FeedFixtures.config([("Feed", server.url("/feed.xml").absoluteString, nil)], extra: ["bind x toggle-read"])
            let session = try HeadlinesSession([], config: config, height: 40)
            defer { session.close() }
            try await session.tmux.waitForText("Item 2")
            try session.tmux.sendKeys("?")
            try await session.tmux.waitForText("Help · keys")
            // Page down until the heading shows (before the action names, which end the help).
            var help = try session.tmux.capture()
            for _ in 0..<12 where !help.contains("No key now") {
                let page = help
                try session.tmux.sendKeys("NPage")
                help = try await session.tmux.waitForScreen(describedAs: "the next page") { $0 != page }
            }
            #expect(help.split(separator: "\n").contains { $0.contains("full-text") && $0.contains("Read the full text") }, "\(help)")
        }
    }
}
