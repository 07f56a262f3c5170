import Foundation
import Testing
import NewsCore
@testable import HeadlinesSession

@Suite("BrowserCommand")
struct BrowserCommandTests {
    static let plain = URL(string: "https://news.example/story/1")!
    static let hostile = "https://news.example/a$b(c);d&e=1%20f?q=$(rm%20-rf%20~)&x='1';echo!*,+"

    @Test("without BROWSER: xdg-open, detached from the terminal")
    func xdgOpen() {
        let command = BrowserCommand.resolve(for: Self.plain, environment: [:])
        #expect(command == BrowserCommand(arguments: ["xdg-open", "https://news.example/story/1"], runsInTerminal: false))
    }

    @Test("an empty or blank BROWSER counts as unset", arguments: ["", ":", " ", "  :  "])
    func blank(_ value: String) {
        let command = BrowserCommand.resolve(for: Self.plain, environment: ["BROWSER": value])
        #expect(command.arguments == ["xdg-open", "https://news.example/story/1"])
        #expect(!command.runsInTerminal)
    }

    @Test(
        "BROWSER values",
        arguments: [
            ("w3m", ["w3m", "https://news.example/story/1"]),
            ("lynx -dump", ["lynx", "-dump", "https://news.example/story/1"]),
            ("  lynx   -dump  ", ["lynx", "-dump", "https://news.example/story/1"]),
            ("firefox:chromium", ["firefox", "https://news.example/story/1"]),
            ("w3m %s", ["w3m", "https://news.example/story/1"]),
            ("lynx %s -dump", ["lynx", "https://news.example/story/1", "-dump"]),
            ("elinks %s:w3m", ["elinks", "https://news.example/story/1"]),
            ("links --url=%s", ["links", "--url=https://news.example/story/1"]),
        ])
    func browser(_ value: String, _ expected: [String]) {
        let command = BrowserCommand.resolve(for: Self.plain, environment: ["BROWSER": value])
        #expect(command.arguments == expected)
        #expect(command.runsInTerminal)
    }

    @Test(
        "a URL with shell metacharacters stays one argument, unchanged",
        arguments: [nil, "w3m", "lynx -dump", "w3m %s", "firefox:chromium"] as [String?])
    func hostileURL(_ browser: String?) throws {
        let url = try #require(URL(string: Self.hostile))
        #expect(url.absoluteString == Self.hostile)
        let environment = browser.map { ["BROWSER": $0] } ?? [:]
        let command = BrowserCommand.resolve(for: url, environment: environment)
        #expect(command.arguments.filter { $0 == Self.hostile }.count == 1)
        #expect(command.arguments.last == Self.hostile)
        // Nothing else carries a piece of the URL.
        for argument in command.arguments where argument != Self.hostile {
            #expect(!argument.contains("news.example"), "\(argument)")
        }
        let expectedCount = ["lynx -dump": 3][browser ?? ""] ?? 2
        #expect(command.arguments.count == expectedCount)
    }

    @Test("other variables are ignored")
    func otherVariables() {
        let command = BrowserCommand.resolve(for: Self.plain, environment: ["PAGER": "less", "browser": "w3m"])
        #expect(command.arguments.first == "xdg-open")
    }
}

@Suite("BrowserCommand from the config")
struct ConfiguredBrowserCommandTests {
    @Test(
        "the config's browser wins over BROWSER; %u is the URL, within its word",
        arguments: [
            (["w3m", "%u"], ["w3m", "https://news.example/story/1"]),
            (["w3m"], ["w3m", "https://news.example/story/1"]),
            (["lynx", "%u", "-dump"], ["lynx", "https://news.example/story/1", "-dump"]),
            (["links", "--url=%u"], ["links", "--url=https://news.example/story/1"]),
        ])
    func configured(_ words: [String], _ expected: [String]) {
        let command = BrowserCommand.resolve(for: BrowserCommandTests.plain, environment: ["BROWSER": "firefox"], configured: words)
        #expect(command == BrowserCommand(arguments: expected, runsInTerminal: true))
    }

    @Test("a hostile URL stays one argument")
    func hostile() throws {
        let url = try #require(URL(string: BrowserCommandTests.hostile))
        let command = BrowserCommand.resolve(for: url, environment: [:], configured: ["w3m", "%u"])
        #expect(command.arguments == ["w3m", BrowserCommandTests.hostile])
    }
}
