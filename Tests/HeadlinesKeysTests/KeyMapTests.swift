import Foundation
import Testing
@testable import HeadlinesKeys
import NewsCore

/// The keys in force: the default table, a config's `bind` and `unbind`, and what a change of
/// bindings leaves keyless.
@Suite("Key map")
struct KeyMapTests {
    @Test(arguments: [
        (Key.character("j"), ScreenKind.headlines, Action.down),
        (.character(" "), .downloads, .pageDown),
        (.character("b"), .help, .pageUp),
        (.pageDown, .article, .pageDown),
        (.character("r"), .headlines, .reload),
        (.character("c"), .downloads, .cancelDownload),
        (.character("w"), .downloads, .downloads),
        (.character("h"), .article, .back),
        (.left, .article, .back),
        (.character("q"), .help, .back),
        (.control("l"), .article, .redraw),
        (.character("?"), .downloads, .help),
    ])
    func defaultKeys(_ key: Key, _ screen: ScreenKind, _ action: Action) {
        #expect(KeyMap().action(for: key, on: screen) == action)
    }

    @Test(arguments: [
        (Key.character("r"), ScreenKind.article),  // refresh is the list's
        (.character("c"), .headlines),  // cancel is the downloads'
        (.character("h"), .headlines),  // back on h is the article's
        (.character("x"), .headlines),
    ])
    func keysThatDoNothingThere(_ key: Key, _ screen: ScreenKind) {
        #expect(KeyMap().action(for: key, on: screen) == nil)
    }

    @Test func everyActionHasAKeyAndTheNamesAreUnique() {
        let keys = KeyMap()
        for action in Action.allCases {
            #expect(ScreenKind.allCases.contains { !keys.keys(for: action, on: $0).isEmpty }, "\(action) has no key")
        }
        #expect(Action.names.count == Action.allCases.count)
        // No key means two things at one level on one screen (a narrower scope may override).
        for screen in ScreenKind.allCases {
            for level in 0...2 {
                var seen: [Key: Action] = [:]
                for binding in keys.bindings where binding.scope.applies(to: screen) && binding.scope.precedence == level {
                    for key in binding.keys {
                        #expect(seen[key] == nil || seen[key] == binding.action, "\(key) is both \(seen[key]!) and \(binding.action) on \(screen)")
                        seen[key] = binding.action
                    }
                }
            }
        }
    }

    @Test func aConfigRebindsAndUnbinds() throws {
        let changes: [KeyBindingChange] = [
            .bind(try #require(KeyName("x")), action: "reload", line: 1),
            .unbind(try #require(KeyName("r")), line: 2),
            .bind(try #require(KeyName("Ctrl-N")), action: "down", line: 3),
            .bind(try #require(KeyName("j")), action: "save-image", line: 4),  // j moved off "down"
        ]
        let keys = KeyMap(applying: changes)
        #expect(keys.action(for: .character("x"), on: .headlines) == .reload)
        #expect(keys.action(for: .character("r"), on: .headlines) == nil)
        #expect(keys.action(for: .control("n"), on: .downloads) == .down)
        #expect(keys.action(for: .character("j"), on: .headlines) == .saveImage)
        #expect(keys.action(for: .character("j"), on: .downloads) == nil, "j left down everywhere")
        #expect(keys.keys(for: .down, on: .headlines) == [.down, .control("n")])
        #expect(keys.hints([.reload], on: .headlines) == "x refresh", "the hints show the keys as bound")
    }

    /// A binding that takes an action's only key leaves it keyless: the import's warning names it (issue 51).
    @Test func anActionLeftWithNoKeyIsNamed() throws {
        let before = KeyMap()
        let after = KeyMap(applying: [.bind(try #require(KeyName("x")), action: "toggle-read", line: 1)])
        #expect(
            KeyLoss.between(before, after).map(\.sentence) == [
                "full-text (Article) has no key now: x does toggle-read; give it one with bind KEY full-text."
            ])
    }

    @Test func actionNamesAreWhatTheConfigAccepts() throws {
        let config = try ConfigParser.parse(
            "bind x reload\nbind y open-in-browser\n", file: "config", folder: URL(fileURLWithPath: "/"), environment: [:], knownActions: Action.names)
        #expect(config.bindings.count == 2)
        #expect(throws: ConfigError.self) {
            try ConfigParser.parse("bind x relaod\n", file: "config", folder: URL(fileURLWithPath: "/"), environment: [:], knownActions: Action.names)
        }
    }
}
