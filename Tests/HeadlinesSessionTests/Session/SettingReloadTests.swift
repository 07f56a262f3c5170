import FoundationEssentials
import Testing
@testable import HeadlinesSession
import NewsCore
import SessionTestSupport
import TestSupport
import HeadlinesKeys

/// Reading the config again applies every setting both ways (issue 51): each is given a value
/// other than its default, read again, and taken back, and the session holds what the file says
/// each time; a setting set up only at start says it applies from the next start.
@Suite("Every setting's reload", .timeLimit(.minutes(1)))
@MainActor
struct SettingReloadTests {
    /// A value other than the default for every setting; a setting added without one fails the
    /// test below, so none is left out.
    static let samples: [String: String] = [
        "newsapi-key": "k123", "newsapi-url": "http://127.0.0.1:9/", "max-connections": "3", "max-per-host": "1", "timeout": "9",
        "log": "/tmp/headlines-reload.log", "log-level": "debug", "keep-days": "5", "refresh-minutes": "7", "save-dir": "/tmp/saved",
        "podcast-dir": "/tmp/pods", "max-image-size": "3", "text-width": "72", "sort": "title", "show-read": "no", "show-pictures": "no",
        "picture-height": "50%", "ignore": "title =~ \"x\"", "max-items": "20", "full-text": "yes", "browser": "lynx %u",
        "player": "vlc %f", "set-title": "yes", "notify": "notify-send", "bell": "yes", "pipe-command": "less", "pipe-format": "html",
        "datetime-format": "%H:%M", "show-read-sources": "no", "require-https": "yes", "refresh-on-start": "no",
        "articlelist-format": "%t", "feedlist-format": "%t", "image-protocol": "cells", "layout": "two", "layout-width": "200", "list-width": "50%",
        "sources-width": "30", "mouse": "no",
    ]

    static func settings(_ lines: [String]) throws -> ConfigSettings {
        try ConfigParser.parse(
            lines.joined(separator: "\n") + "\n", file: "config", folder: URL(fileURLWithPath: "/tmp"), environment: ["HOME": "/tmp"],
            knownActions: Action.names
        ).settings
    }

    /// Reads the config again as if the file now said `settings`.
    @discardableResult
    static func reload(_ services: AppServices, to settings: ConfigSettings) -> Notice? {
        services.readConfig = { .success(ReloadedConfig(entries: nil, queries: [], rules: ArticleRules(), settings: settings)) }
        return services.reloadConfig()
    }

    @Test func everySettingIsTakenWhenSetAndWhenTakenBack() async throws {
        let host = try SessionHost()
        let services = try await host.services(ScriptedSource([.success(Edition(articles: []))]))
        let names = ConfigDocumentation.settings.flatMap(\.names)
        #expect(Set(names).subtracting(Self.samples.keys).isEmpty, "a sample for every setting: \(Set(names).subtracting(Self.samples.keys))")
        for name in names {
            guard let sample = Self.samples[name] else { continue }
            let set = try Self.settings(["\(name) = \(sample)"])
            #expect(set != ConfigSettings(), "\(name) = \(sample) is not the default")
            for (value, label) in [(set, "set"), (ConfigSettings(), "taken back")] {
                let notice = Self.reload(services, to: value)?.text ?? ""
                #expect(services.settings.config.differs(from: value, in: name) == false, "\(name) \(label)")
                #expect(services.settings.config == value, "\(name) \(label): the file's settings, whole")
                let startOnly = ConfigSettings.readAtStart.contains(name)
                #expect(notice.contains("\(name) applies from the next start") == startOnly, "\(name) \(label): \(notice)")
            }
        }
    }

    /// What the session holds beside the settings follows them both ways: the order, the read
    /// filter and the pictures (`s`, `U`, `i`), and the refresh every few minutes.
    @Test func whatTheSessionKeepsBesideTheSettingsFollowsThem() async throws {
        let host = try SessionHost()
        let services = try await host.services(ScriptedSource([.success(Edition(articles: []))]))
        Self.reload(services, to: try Self.settings(["sort = title", "show-read = no", "show-pictures = no", "refresh-minutes = 7"]))
        #expect(services.settings.listOrder == .title && !services.settings.showsRead && !services.settings.showsPictures)
        #expect(services.library.scope.isRunning(.autoRefresh) && services.library.freshFor == 7 * 60)
        Self.reload(services, to: ConfigSettings())
        #expect(services.settings.listOrder == .date && services.settings.showsRead && services.settings.showsPictures)
        #expect(!services.library.scope.isRunning(.autoRefresh) && services.library.freshFor == Library.defaultFreshness)
    }
}
