import FoundationEssentials
import Testing
@testable import HeadlinesSession
import NewsCore
import SessionTestSupport
import TestSupport

/// The settings reach the screens as one value: the config's whole, and the session's own order
/// and read filter, which reading the config again leaves as the keys made them.
@Suite("Session settings", .timeLimit(.minutes(1)))
@MainActor
struct SessionSettingsTests {
    @Test func theSessionStartsFromTheConfigAndReadsEverySettingThroughIt() {
        var config = ConfigSettings()
        config.sort = .title
        config.showRead = false
        config.textWidth = 72
        config.bell = true
        var settings = SessionSettings(config)
        #expect(settings.listOrder == .title && !settings.showsRead)
        #expect(settings.textWidth == 72 && settings.bell && settings.player == ConfigSettings.defaultPlayer)
        settings.browser = ["w3m", "%u"]
        #expect(settings.config.browser == ["w3m", "%u"])
    }

    /// A key's choice for the session (`s`, `U`, `i`) stays through a reload that leaves its
    /// setting as it was; a setting the file changed wins, both ways (issue 51).
    @Test func readingTheConfigAgainTakesItsSettingsWholeAndKeepsTheKeysOrderAndFilter() async throws {
        let host = try SessionHost()
        let services = try await host.services(ScriptedSource([.success(Edition(articles: []))]))
        services.settings.listOrder = .source  // `s`
        services.settings.showsRead = false  // `U`
        var file = ConfigSettings()
        file.textWidth = 60
        file.browser = ["lynx", "%u"]
        file.dateFormat = DateFormat("%H:%M")
        file.showReadSources = false
        file.refreshMinutes = 15
        services.readConfig = { .success(ReloadedConfig(entries: nil, queries: [], rules: ArticleRules(), settings: file)) }
        #expect(services.reloadConfig()?.text == "Config read again.")
        #expect(services.settings.config == file)
        #expect(services.settings.listOrder == .source && !services.settings.showsRead, "the file left sort and show-read alone")
        #expect(services.library.freshFor == 15 * 60)
        // The file changes them: its values win, and back again.
        file.sort = .title
        file.showRead = false
        file.showPictures = false
        services.settings.showsRead = true  // `U` again
        #expect(services.reloadConfig()?.text == "Config read again.")
        #expect(services.settings.listOrder == .title && !services.settings.showsRead && !services.settings.showsPictures)
        file.sort = .date
        file.showRead = true
        file.showPictures = true
        #expect(services.reloadConfig()?.text == "Config read again.")
        #expect(services.settings.listOrder == .date && services.settings.showsRead && services.settings.showsPictures)

        // A mistake in the file changes nothing.
        services.readConfig = { .failure(ConfigReloadFailure("config:3: unknown setting \"colour\".")) }
        let refused = services.reloadConfig()
        #expect(refused?.kind == .error && refused?.text.hasSuffix("The config in use is kept.") == true)
        #expect(services.settings.config == file)
    }
}
