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
    ])
    func readsEachForm(text: String, key: KeyName) throws {
        #expect(try KeyName.parse(text) == key)
        #expect(KeyName(text) == key)
    }

    @Test(arguments: [
        "", "gg", "F1", "Ctrl-", "Ctrl-ab", "Ctrl-1", "Ctrl-é", "Ctrl-H", "Ctrl-i", "Ctrl-J", "Ctrl-m",
        " ", "\u{7}", "\u{1B}", "\u{301}", "\u{200E}", "\u{00A0}", "Escape", "PageDown",
    ])
    func refusesOthers(text: String) {
        #expect(KeyName(text) == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: [
        KeyName.enter, .escape, .tab, .space, .backspace, .up, .down, .left, .right, .pageUp, .pageDown,
        .home, .end, .control("l"), .character("g"), .character("G"), .character("é"),
    ])
    func canonicalNamesReadBack(key: KeyName) {
        #expect(KeyName(key.name) == key)
    }

    @Test func canonicalSpelling() {
        #expect(KeyName.control("l").name == "Ctrl-L")
        #expect(KeyName.pageDown.name == "PgDn")
        #expect(KeyName.escape.name == "Esc")
    }
}
