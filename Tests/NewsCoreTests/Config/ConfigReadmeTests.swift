import Foundation
import Testing
@testable import NewsCore

@Suite("Config README example")
struct ConfigReadmeTests {
    /// The example in the README's "Config file" section is a config that parses as described.
    @Test func theREADMEExampleParses() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## Config file"))
        let start = try #require(text.range(of: "```ini\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let config = try ConfigFixture.parse(String(text[start.upperBound..<end.lowerBound]))
        #expect(config.sources.map(\.name) == ["BBC News", "Saved feed", "UK business"])
        #expect(config.sources[1].location?.path == "/home/reader/.config/headlines/feeds/saved.xml")
        #expect(config.settings.logFile?.path == "/home/reader/headlines.log")
        #expect(config.bindings.map(\.key) == [.character("x"), .character("q")])
    }
}
