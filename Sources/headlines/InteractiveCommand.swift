import Foundation
import NewsCore

/// Opens the terminal interface. (Until the interface lands, prints like `--print`.)
enum InteractiveCommand {
    static func run(_ choice: SourceChoice, options: CommandLineOptions, environment: [String: String]) async -> Int32 {
        await PrintCommand.run(choice, json: false)
    }
}
