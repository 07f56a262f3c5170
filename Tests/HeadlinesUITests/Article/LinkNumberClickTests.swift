import Testing
@testable import HeadlinesUI

/// Where a click opens a link: on its `[N]`, drawn in the link numbers' style, and nowhere else.
@Suite("Link number under a click")
struct LinkNumberClickTests {
    static let style = RichTextLayout.linkNumberStyle

    @Test func theNumberUnderTheColumnIsTheLink() {
        let line = StyledLine([.init("See the first"), .init("[1]", Self.style), .init(" and the second"), .init("[12]", Self.style), .init(".")])
        // "See the first" is 13 columns: [1] at 13-15, " and the second" to 31, [12] at 31-34.
        #expect((13...15).map { line.linkNumber(atColumn: $0, style: Self.style) } == [1, 1, 1])
        #expect((31...34).map { line.linkNumber(atColumn: $0, style: Self.style) } == [12, 12, 12, 12])
        for column in [-1, 0, 12, 16, 30, 35, 80] { #expect(line.linkNumber(atColumn: column, style: Self.style) == nil, "column \(column)") }
    }

    @Test func aNumberInTheTextsOwnStyleIsNoLink() {
        let line = StyledLine([.init("a citation [3] in plain text")])
        #expect(line.linkNumber(atColumn: 12, style: Self.style) == nil)
    }

    @Test func numbersSideBySideAndTheListOfLinks() {
        let both = StyledLine([.init("word"), .init("[2][3]", Self.style)])
        #expect(both.linkNumber(atColumn: 5, style: Self.style) == 2 && both.linkNumber(atColumn: 8, style: Self.style) == 3)
        let listed = StyledLine([.init("[7] ", Self.style), .init("https://example.com/")])
        #expect(listed.linkNumber(atColumn: 1, style: Self.style) == 7 && listed.linkNumber(atColumn: 5, style: Self.style) == nil)
        let wide = StyledLine([.init("日本"), .init("[4]", Self.style)])
        #expect(
            wide.linkNumber(atColumn: 4, style: Self.style) == 4 && wide.linkNumber(atColumn: 3, style: Self.style) == nil, "wide characters take two columns")
    }
}
