import Testing
@testable import NewsCore

@Suite("HTML character references")
struct HTMLEntitiesTests {
    @Test(arguments: [
        ("Tom &amp; Jerry", "Tom & Jerry"),
        ("&lt;b&gt;bold&lt;/b&gt;", "<b>bold</b>"),
        ("caf&eacute;", "café"),
        ("&hellip;&mdash;&nbsp;", "…—\u{A0}"),
        ("&NewLine;", "\n"),
        ("&bne;", "=\u{20E5}"),  // a value with "=" and two scalars
        ("&fjlig;", "fj"),
        ("&CounterClockwiseContourIntegral;", "∳"),  // the longest name
    ])
    func namedReferences(input: String, expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test func legacyNamesWorkWithoutASemicolon() {
        #expect(HTMLEntities.decode("AT&T &copy 2026") == "AT&T © 2026")
        #expect(HTMLEntities.decode("&ampx") == "&x")
        // The longest legacy prefix wins: `&notit;` is "¬it;", `&notin;` is "∉".
        #expect(HTMLEntities.decode("&notit;") == "¬it;")
        #expect(HTMLEntities.decode("&notin;") == "∉")
    }

    @Test func unknownNamesStayAsWritten() {
        #expect(HTMLEntities.decode("&bogus; & &;") == "&bogus; & &;")
        #expect(HTMLEntities.decode("fish&chips") == "fish&chips")
    }

    @Test(arguments: [
        ("&#65;&#x42;&#X43;", "ABC"),
        ("&#8212;", "—"),
        ("&#x1F600;", "😀"),
        ("&#65", "A"),  // no semicolon
        ("&#0;", "\u{FFFD}"),
        ("&#xD800;", "\u{FFFD}"),  // a surrogate
        ("&#x110000;", "\u{FFFD}"),
        ("&#99999999999999999999;", "\u{FFFD}"),  // no overflow
        ("&#150;", "–"),  // 0x96 read as windows-1252
        ("&#x81;", "\u{81}"),  // a hole in windows-1252 stays (the sanitiser removes it)
        ("&#;&#x;", "&#;&#x;"),
    ])
    func numericReferences(input: String, expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test func textWithoutReferencesIsReturnedAsIs() {
        let text = "No references here, only words."
        #expect(HTMLEntities.decode(text) == text)
    }

    @Test func tableHasEveryName() {
        #expect(HTMLEntityTable.entries.count == 2_231)
    }
}
