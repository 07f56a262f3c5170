import Foundation
import Testing
@testable import NewsCore

/// The table the man page and the README describe settings from is whole, and the README shows it.
@Suite("Config documentation")
struct ConfigDocumentationTests {
    @Test func everySettingTheParserAcceptsIsDocumentedOnce() {
        #expect(ConfigDocumentation.settings.flatMap(\.names).sorted() == ConfigDocumentation.acceptedSettings.sorted())
        #expect(ConfigDocumentation.sourceSettings.flatMap(\.names).sorted() == ConfigDocumentation.acceptedSourceSettings.sorted())
        #expect(ConfigDocumentation.serverSettings.flatMap(\.names).sorted() == ConfigDocumentation.acceptedServerSettings.sorted())
        #expect(ConfigDocumentation.colourElements.flatMap(\.names) == ConfigDocumentation.acceptedColourElements)
    }

    @Test func theReadmeSettingsTableIsTheDocumentationTable() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains(ConfigDocumentation.markdown()), "README.md's settings table differs:\n\(ConfigDocumentation.markdown())")
        #expect(text.contains(ConfigDocumentation.colourMarkdown()), "README.md's colour table differs:\n\(ConfigDocumentation.colourMarkdown())")
        #expect(text.contains(ConfigDocumentation.colourSyntax), "README.md's colour paragraph differs:\n\(ConfigDocumentation.colourSyntax)")
    }

    /// The config's category check and the completions offer the same values.
    @Test func categoriesAreNewsAPIs() {
        #expect(SourceSectionBuilder.categories == Set(NewsAPIFilters.categories))
        #expect(NewsAPIFilters.countries.allSatisfy { $0.count == 2 })
    }
}
