import Foundation
@testable import NewsCore

/// Shared by the config tests: a parse with fixed surroundings, and the actions a UI might have.
enum ConfigFixture {
    static let actions: Set<String> = ["quit", "help", "refresh", "refresh-all", "open-in-browser", "down", "up", "page-down"]
    static let home = "/home/reader"
    static let environment = ["HOME": home]
    static let folder = URL(fileURLWithPath: "/home/reader/.config/headlines", isDirectory: true)
    static let file = "~/.config/headlines/config"

    static func parse(_ text: String) throws(ConfigError) -> Config {
        try ConfigParser.parse(text, file: file, folder: folder, environment: environment, knownActions: actions)
    }

    /// The error a text gives, or nil when it parses.
    static func error(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }
}
