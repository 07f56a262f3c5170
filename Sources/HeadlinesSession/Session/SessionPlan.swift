import FoundationEssentials
import NewsCore

/// What a run planned for its session, read from the command line, the config file and the
/// environment: the sources, the cache, the settings whole. The interface and every command
/// that reads or refreshes the cache open their session from it (`Session.open`).
package struct SessionPlan: Sendable {
    /// The sources, in the config's order (one for `--source`, NewsAPI or the demo).
    package var entries: [Library.Entry]
    /// The demo edition was picked because no source was named and no key is set.
    package var isFallbackDemo: Bool
    package var cacheFile: URL
    /// The config's settings, the command line's options applied.
    package var settings: ConfigSettings
    /// The cache's sources named by a config: others' articles are dropped after `keep-days`.
    /// Nil when the run names its source on the command line.
    package var configuredSources: Set<SourceKey>?
    package var log: DiagnosticLog
    package var saveFolder: URL
    /// The client feeds' pictures and full texts are fetched with (its deadline comes from `--timeout`).
    package var http: HTTPClient
    package var environment: [String: String]
    /// Said in the status line at start when there are no sources yet: how to add some.
    package var welcome: String?
    /// Whether a cached source is the demo edition, dropped at start (articles and all) once the
    /// config names sources of its own; nil when nothing is dropped.
    package var demoSources: (@Sendable (SourceKey) -> Bool)?
    /// The config's feed servers: their feeds are listed after the sources, and synced.
    package var servers: [ServerConfig] = []
    /// Kill rules, `max-items`, and the sources' names, groups and tags for filters.
    package var rules = ArticleRules()
    /// The config's query feeds.
    package var queries: [QueryConfig] = []
    /// The config's `color` lines (ignored under `NO_COLOR`).
    package var colours = ColourScheme()
    /// Reads the config file again (`R`, Ctrl-R); nil when the run has no config file.
    package var readConfig: ConfigReader?

    package init(
        entries: [Library.Entry], isFallbackDemo: Bool = false, cacheFile: URL, settings: ConfigSettings = ConfigSettings(),
        log: DiagnosticLog = .off, saveFolder: URL, http: HTTPClient = HTTPClient(), environment: [String: String]
    ) {
        self.entries = entries
        self.isFallbackDemo = isFallbackDemo
        self.cacheFile = cacheFile
        self.settings = settings
        self.log = log
        self.saveFolder = saveFolder
        self.http = http
        self.environment = environment
    }

    /// The connection limits every fetch of this session shares.
    package var limits: ConnectionLimits {
        ConnectionLimits(maxConnections: settings.maxConnections, maxPerHost: settings.maxPerHost)
    }

    /// `max-image-size`, or the image loader's own limit.
    package var maxImageSize: Int { settings.maxImageSize ?? ImageLoader.defaultSizeLimit }
}
