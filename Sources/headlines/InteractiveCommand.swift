import Foundation
import HeadlinesUI
import NewsCore

/// Opens the terminal interface on the chosen source.
enum InteractiveCommand {
    @MainActor
    static func run(_ choice: SourceChoice, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        let configuration = HeadlinesApp.Configuration(
            source: choice.source,
            isFallbackDemo: choice.isFallbackDemo,
            saveFolder: SaveFolder.resolve(explicit: options.saveDirectory, environment: environment),
            maxImageSize: options.maxImageSize ?? Persistence.defaultSizeLimit,
            http: options.httpClient,
            environment: environment
        )
        return await HeadlinesApp.run(configuration)
    }
}
