import FoundationEssentials
import NewsCore

/// The config file read again while the interface runs (`R`, and `reload-config` on Ctrl-R): a
/// source added with `--add` meanwhile appears, one removed goes, query feeds, kill rules and
/// the settings are taken whole (those read only at start, such as `max-connections`, wait for
/// the next start). Keys and colours stay as they were at start. The executable reads the file
/// (the interface knows no config file); a mistake in it is one sentence, and the config in use stays.
package struct ReloadedConfig: Sendable {
    /// The config's sources, in its order; nil when the run named its source on the command line
    /// (`--source`, NewsAPI flags), whose list the config does not change.
    package var entries: [Library.Entry]?
    package var queries: [QueryConfig] = []
    package var rules = ArticleRules()
    package var settings = ConfigSettings()

    package init(entries: [Library.Entry]?, queries: [QueryConfig], rules: ArticleRules, settings: ConfigSettings) {
        self.entries = entries
        self.queries = queries
        self.rules = rules
        self.settings = settings
    }
}

/// Reads the config file again: what it says, or the sentence that says what is wrong with it.
package typealias ConfigReader = @MainActor () -> Result<ReloadedConfig, ConfigReloadFailure>

/// Why the config could not be read again, in one sentence (`file:line: reason`).
package struct ConfigReloadFailure: Error, Sendable {
    package let message: String
    package init(_ message: String) { self.message = message }
}

extension AppServices {
    /// Reads the config again and applies it; the notice says what changed, or what is wrong
    /// (then nothing changes). Nil when there is no config to read (no reader), and, when
    /// `quietWhenUnchanged` (`R`), when no source came or went.
    @discardableResult
    package func reloadConfig(quietWhenUnchanged: Bool = false) -> Notice? {
        guard let readConfig else { return nil }
        switch readConfig() {
        case .failure(let failure):
            return Notice(failure.message + " The config in use is kept.", kind: .error)
        case .success(let reloaded):
            let change = library.apply(reloaded)
            let startOnly = ConfigSettings.readAtStart.filter { settings.config.differs(from: reloaded.settings, in: $0) }
            if reloaded.settings.refreshMinutes != settings.refreshMinutes { library.refreshEvery(minutes: reloaded.settings.refreshMinutes) }
            // Whole: what the screens read next is the file's (a key's choice for the session stays unless the file changed it).
            settings.reload(reloaded.settings)
            library.freshFor = reloaded.settings.refreshMinutes.map { TimeInterval($0 * 60) } ?? Library.defaultFreshness
            var words: [String] = []
            if change.added > 0 { words.append(change.added == 1 ? "1 source added" : "\(change.added) sources added") }
            if change.removed > 0 { words.append(change.removed == 1 ? "1 source removed" : "\(change.removed) sources removed") }
            if words.isEmpty && startOnly.isEmpty && quietWhenUnchanged { return nil }
            var sentence = "Config read again" + (words.isEmpty ? "" : ": " + words.joined(separator: ", "))
            // Settings the session set up at start (its connections, its folders) say when they apply.
            if !startOnly.isEmpty {
                sentence +=
                    (words.isEmpty ? ": " : "; ") + startOnly.joined(separator: ", ") + (startOnly.count == 1 ? " applies" : " apply") + " from the next start"
            }
            return Notice(sentence + ".")
        }
    }
}

extension Library {
    /// How long a refresh stays fresh without `refresh-minutes`.
    package static let defaultFreshness: TimeInterval = 300

    /// Takes the config read again: its sources (a server's feeds stay, after them), query feeds
    /// and rules. Sources still there keep their phase and counts.
    func apply(_ reloaded: ReloadedConfig) -> (added: Int, removed: Int) {
        queries = reloaded.queries
        let store = self.store
        let rules = reloaded.rules
        // A failure keeps the rules in force for the lists; max-items' marks are written again by a merge.
        scope.run(.rules, work: { try await store.setRules(rules) }) { [weak self] _ in
            self?.notify(.marks)  // the lists read their rows under the new rules
            self?.reloadCounts()
        }
        guard let configured = reloaded.entries else { return (0, 0) }
        let servers = entries.filter { $0.source.account != nil }
        let old = Set(entries.map(\.key))
        let new = Set(configured.map(\.key))
        entries = configured + servers
        for entry in configured where phases[entry.key] == nil { phases[entry.key] = .idle }
        notify(.entries)
        reloadCounts()
        return (new.subtracting(old).count, old.subtracting(new).subtracting(servers.map(\.key)).count)
    }
}
