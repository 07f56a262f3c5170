import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// `--add URL [--name NAME] [--group GROUP]`: checks that the URL gives a feed (or a page that
/// names one), then appends it to the config file as a new source, creating the file (mode
/// 0600) when there is none. Exit status: 0 added (or already there), 1 not a feed or the file
/// could not be written, 2 the config file has an error.
enum AddCommand {
    static func run(_ options: CommandLineOptions, _ loaded: LoadedConfig, environment: [String: String]) async -> Int32 {
        guard let text = options.add else { return 2 }
        guard let configURL = loaded.url else {
            Output.error("There is no home folder to keep a config file in; name one with --config FILE.")
            return 2
        }
        let location: URL
        do {
            location = try LaunchPlan.documentURL(text)
        } catch {
            Output.error(error.message)
            return 2
        }
        if let server = options.addServer { return await subscribe(server, to: location, loaded, environment: environment) }
        let file: ConfigAppend
        do {
            file = try ConfigAppend(config: configURL, environment: environment, knownActions: Action.names)
        } catch {
            Output.error(error.message)
            return 2
        }
        var sections = ConfigSections(config: file.config)
        if sections.has(location) {
            Output.say("\(file.display) already has \(location.absoluteString); nothing was added.")
            return 0
        }
        let name = options.addName.map { Sanitizer.clean($0, maxLength: TextLimits.name) }
        if let name, sections.hasName(name) {
            Output.error("\(file.display) already has a source named “\(name)”; choose another with --name.")
            return 1
        }
        let timeout = options.timeout ?? loaded.config?.settings.timeoutSeconds ?? ConfigSettings.defaultTimeoutSeconds
        let service = NewsService(http: HTTPClient(deadline: TimeInterval(timeout)))
        let edition: Edition
        do {
            edition = try await DocumentSource(service: service, location: location).fetch()
        } catch {
            Output.error("\(Sanitizer.clean(location.absoluteString)) gives no feed: \(ErrorText.sentence(error)) Nothing was added.")
            return 1
        }
        let group = options.addGroup.map { Sanitizer.clean($0, maxLength: TextLimits.name) }.flatMap { $0.isEmpty ? nil : $0 }
        guard let added = sections.add(FeedToAdd(url: location, title: name ?? edition.title, group: group)) else { return 0 }
        do {
            try file.append(sections.sections, comment: "Added by headlines --add")
        } catch {
            Output.error(error.message)
            return 1
        }
        let count = edition.articles.count
        var summary = "Added “\(added)” (\(count) \(count == 1 ? "article" : "articles") now) to \(file.display)."
        if let feed = edition.notes.first(where: { $0.hasPrefix("Using the feed") }) { summary += " " + feed }
        Output.say(summary)
        return 0
    }

    /// `--add URL --server NAME`: the server subscribes its account to the feed (TT-RSS
    /// `subscribeToFeed`, Google Reader `quickadd`); the config is not changed. Fever cannot
    /// subscribe, and says so.
    private static func subscribe(_ name: String, to location: URL, _ loaded: LoadedConfig, environment: [String: String]) async -> Int32 {
        guard let server = loaded.config?.servers.first(where: { $0.name == name }) else {
            let known = loaded.config?.servers.map { "“\($0.name)”" }.joined(separator: ", ") ?? ""
            Output.error("The config names no server “\(Sanitizer.clean(name))”" + (known.isEmpty ? "." : "; its servers: \(known)."))
            return 2
        }
        let timeout = loaded.config?.settings.timeoutSeconds ?? ConfigSettings.defaultTimeoutSeconds
        if let sentence = ServerTransport.warning(for: server) { Output.error(sentence) }  // no log is open for --add
        do {
            let client = try await SyncClients.make(for: server, environment: environment, http: HTTPClient(deadline: TimeInterval(timeout)))
            let feed = try await client.subscribe(to: location)
            Output.write("The server \(server.name) reads \(Sanitizer.clean(location.absoluteString)) (its feed \(feed)); the next sync brings its articles.\n")
            return 0
        } catch {
            Output.error(ErrorText.sentence(error))
            return 1
        }
    }
}
