import Foundation
import HeadlinesSession
import NewsCore
import Testing
@testable import HeadlinesUI
import HeadlinesKeys

/// The README's config examples are configs this program accepts, with the real action names
/// (`bind x quit` was refused: there is no action `quit`), and the README and the help screen
/// list the names `bind` takes.
@Suite("README config blocks")
struct ReadmeConfigTests {
    static func readme() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The text of every ```ini block.
    static func configBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "```ini\n") {
            guard let end = rest.range(of: "```", range: start.upperBound..<rest.endIndex) else { break }
            blocks.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return blocks
    }

    static func parse(_ text: String) throws(ConfigError) -> Config {
        try ConfigParser.parse(
            text, file: "~/.config/headlines/config", folder: URL(fileURLWithPath: "/home/reader/.config/headlines", isDirectory: true),
            environment: ["HOME": "/home/reader"], knownActions: Action.names)
    }

    @Test func everyConfigBlockParsesWithTheRealActionNames() throws {
        let blocks = Self.configBlocks(try Self.readme())
        #expect(!blocks.isEmpty)
        for block in blocks {
            do {
                _ = try Self.parse(block)
            } catch {
                Issue.record("a README config block is refused: \(error.message)\n\(block)")
            }
        }
    }

    /// The example in the "Config file" section says what the text around it says.
    @Test func theConfigExampleIsAsDescribed() throws {
        let text = try Self.readme()
        let section = try #require(text.range(of: "## Config file"))
        let example = try #require(Self.configBlocks(String(text[section.upperBound...])).first)
        let config = try Self.parse(example)
        #expect(config.sources.map(\.name) == ["BBC News", "Saved feed", "UK business"])
        #expect(config.sources[1].location?.path == "/home/reader/.config/headlines/feeds/saved.xml")
        #expect(config.settings.logFile?.path == "/home/reader/headlines.log")
        #expect(config.bindings.map(\.key) == [.character("x"), .character("q")])
        let keys = KeyMap(applying: config.bindings)
        #expect(keys.action(for: .character("x"), on: .headlines) == .back)
    }

    @Test func theReadmeAndTheHelpScreenListEveryActionName() throws {
        let names = ActionNames.list.map(\.name)
        #expect(Set(names) == Action.names)
        #expect(try Self.readme().contains(ActionNames.markdown()), "the README should list: \(ActionNames.markdown())")
        let rows = HelpRows.rows(KeyMap())
        let heading = try #require(rows.firstIndex(of: .heading(HelpRows.actionNamesHeading)))
        let listed = rows[(heading + 1)...].compactMap { row -> String? in
            if case .entry(let keys, _) = row { return keys }
            return nil
        }
        #expect(listed == names)
    }
}
