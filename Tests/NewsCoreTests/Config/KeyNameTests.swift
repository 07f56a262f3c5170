import Testing
@testable import NewsCore

@Suite("Key names")
struct KeyNameTests {
    @Test(arguments: [
        ("Enter", KeyName.enter), ("enter", .enter), ("ENTER", .enter), ("Esc", .escape), ("esc", .escape),
        ("Tab", .tab), ("Space", .space), ("space", .space), ("Backspace", .backspace),
        ("Up", .up), ("down", .down), ("LEFT", .left), ("Right", .right),
        ("PgUp", .pageUp), ("pgdn", .pageDown), ("Home", .home), ("end", .end),
        ("Ctrl-L", .control("l")), ("ctrl-l", .control("l")), ("CTRL-x", .control("x")), ("Ctrl+A", .control("a")),
        ("g", .character("g")), ("G", .character("G")), ("?", .character("?")), ("#", .character("#")),
        ("=", .character("=")), ("é", .character("é")), ("я", .character("я")), ("ß", .character("ß")),
        ("字", .character("字")), ("e\u{301}", .character("e\u{301}")),
        ("F1", .function(1)), ("f12", .function(12)), ("F10", .function(10)),
        // Flow control is off while Headlines runs, so these reach it as keys.
        ("Ctrl-S", .control("s")), ("Ctrl-Q", .control("q")),
    ])
    func readsEachForm(text: String, key: KeyName) throws {
        #expect(try KeyName.parse(text) == key)
        #expect(KeyName(text) == key)
    }

    @Test(arguments: [
        "", "gg", "F0", "F13", "F01", "Ctrl-F1", "Ctrl-C", "ctrl-z", "Ctrl-", "Ctrl-ab", "Ctrl-1", "Ctrl-é", "Ctrl-H", "Ctrl-i", "Ctrl-J", "Ctrl-m",
        " ", "\u{7}", "\u{1B}", "\u{301}", "\u{200E}", "\u{00A0}", "Escape", "PageDown",
    ])
    func refusesOthers(text: String) {
        #expect(KeyName(text) == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: [
        KeyName.enter, .escape, .tab, .space, .backspace, .up, .down, .left, .right, .pageUp, .pageDown,
        .home, .end, .function(1), .function(12), .control("s"), .control("l"), .character("g"), .character("G"), .character("é"),
    ])
    func canonicalNamesReadBack(key: KeyName) {
        #expect(KeyName(key.name) == key)
    }

    @Test func canonicalSpelling() {
        #expect(KeyName.control("l").name == "Ctrl-L")
        #expect(KeyName.pageDown.name == "PgDn")
        #expect(KeyName.escape.name == "Esc")
    }

    @Test(arguments: [
        ("Ctrl-C", "\"Ctrl-C\" never reaches Headlines: the terminal keeps it to interrupt Headlines (it quits)"),
        ("Ctrl-z", "\"Ctrl-z\" never reaches Headlines: the terminal keeps it to suspend Headlines"),
    ])
    func aKeyTheTerminalKeepsIsRefusedWithTheReason(text: String, reason: String) {
        do {
            _ = try KeyName.parse(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.reason == reason)
        }
    }
}
