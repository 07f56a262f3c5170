import Foundation
import NewsCore

/// `headlines --print`: fetch once, write the lines to stdout, exit.
enum PrintCommand {
    static func run(_ choice: SourceChoice, json: Bool) async -> Int32 {
        if choice.isFallbackDemo {
            Output.error("NEWSAPI_KEY is not set: showing the bundled demo edition.")
        }
        do {
            let edition = try await choice.source.fetch()
            var text = ""
            for article in edition.articles {
                text += json ? PrintFormat.jsonLine(article) : PrintFormat.line(article)
                text += "\n"
            }
            Output.write(text)
            return 0
        } catch let error as NewsError {
            Output.error(error.message)
            return 1
        } catch {
            Output.error("The fetch failed: \(error.localizedDescription)")
            return 1
        }
    }
}

/// Writes to the standard streams without buffering surprises.
enum Output {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data(("headlines: " + line + "\n").utf8))
    }
}
