import Foundation
import Testing
import TestSupport
@testable import HeadlinesUI
import NewsCore

@Suite("RichTextLayout properties and drawing")
struct RichTextLayoutPropertyTests {
    static let words = [
        "a", "word", "longer-than-any-line-at-all-surely", "東京", "大規模な祭りが開催されました", "🚀", "👨‍👩‍👧",
        "e\u{301}", "🇫🇷", "❤️", "x", "tab", "café", "\u{A0}", "10.", "│",
    ]

    /// A random document: every kind of block at random depths, runs in every style.
    static func document(_ random: inout SplitMix64) -> RichText {
        func runs() -> [RichRun] {
            (0..<random.int(1...12)).map { _ in
                if random.chance(0.1) { return .lineBreak }
                let text = (0..<random.int(1...4)).map { _ in random.pick(words) }.joined(separator: random.pick([" ", ""]))
                let style = RichStyle(rawValue: UInt8(random.int(0...15)))
                return RichRun(text, style: style, link: random.chance(0.3) ? random.int(1...120) : nil)
            }
        }
        let blocks = (0..<random.int(1...8)).map { _ -> RichBlock in
            let content: RichBlock.Content
            switch random.int(0...6) {
            case 0: content = .heading(level: random.int(1...6), runs())
            case 1: content = .listItem(random.chance(0.5) ? .bullet : .number(random.int(-5...100_000)), runs())
            case 2: content = .preformatted(lines: (0..<random.int(0...4)).map { _ in String(repeating: random.pick(words) + "  ", count: random.int(0...9)) })
            case 3:
                content = .table(
                    rows: (0..<random.int(1...4)).map { _ in
                        (0..<random.int(1...7)).map { _ in RichCell(runs().filter { !$0.isLineBreak }, isHeader: random.chance(0.3)) }
                    })
            case 4: content = .rule
            default: content = .paragraph(runs())
            }
            return RichBlock(content, listDepth: random.int(0...16), quoteDepth: random.int(0...16))
        }
        let links = (0..<random.int(0...3)).map { URL(string: "https://example.com/" + String(repeating: "p/", count: random.int(0...60)) + "\($0)")! }
        return RichText(blocks: blocks, links: links)
    }

    @Test("no line is ever wider than the width", arguments: [1, 2, 3] as [UInt64])
    func neverWider(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<50 {
            let document = Self.document(&random)
            for width in [1, 2, 3, 4, 5, 7, 10, 16, 23, 40, 80] {
                // The layout itself, before the final cut that would hide a mistake.
                for line in RichTextLayout.layOut(document, width: width) {
                    #expect(line.width <= width, "width \(width): \(line.text)")
                    #expect(!line.text.contains("\n"))
                }
            }
        }
    }

    @Test("wrapping loses no text: the words come out in order")
    func keepsWords() {
        let text = HTMLText.richText("<p>alpha beta 東京 gamma 🚀 delta epsilon</p>", baseURL: nil)
        for width in 2...30 {
            let joined = RichTextLayout.lines(text, width: width).map(\.text).joined().replacing(" ", with: "")
            #expect(joined == "alphabeta東京gamma🚀deltaepsilon", "width \(width)")
        }
    }

    @Test(
        "fitted cuts a line to the width with an ellipsis, keeping run styles",
        arguments: [
            (11, "abcdefg漢字"), (10, "abcdefg漢…"), (9, "abcdefg…"), (8, "abcdefg…"), (5, "abcd…"), (1, "…"), (0, ""),
        ])
    func fitted(columns: Int, expected: String) {
        let line = StyledLine([StyledLine.Run("abc", .accent), StyledLine.Run("defg"), StyledLine.Run("漢字", .muted)])
        let cut = line.fitted(to: columns)
        #expect(cut.text == expected)
        #expect(cut.width <= max(0, columns))
        if columns >= 4 { #expect(cut.runs.first == StyledLine.Run("abc", .accent)) }
    }

    @Test("draw writes lines from an offset, in their styles, within the rows and columns given")
    func draw() {
        let lines = (0..<10).map { StyledLine([StyledLine.Run("line"), StyledLine.Run(" \($0) 漢字", .accent)]) }
        var canvas = Canvas(width: 12, height: 5)
        canvas.draw(lines, from: 3, x: 1, y: 1, height: 3, maxX: 11)
        #expect(canvas.line(0) == String(repeating: " ", count: 12))
        #expect(canvas.line(1) == " line 3 漢… ")
        #expect(canvas.line(3) == " line 5 漢… ")
        #expect(canvas.line(4) == String(repeating: " ", count: 12))
        #expect(canvas[1, 1].style == .normal)
        #expect(canvas[6, 1].style == .accent)
        // Past the end: only what exists is drawn.
        var tail = Canvas(width: 12, height: 5)
        tail.draw(lines, from: 9, y: 0, height: 5)
        #expect(tail.line(0).hasPrefix("line 9"))
        #expect(tail.line(1) == String(repeating: " ", count: 12))
        var none = Canvas(width: 12, height: 2)
        none.draw(lines, from: 10, y: 0, height: 2)
        none.draw(lines, from: -4, y: 0, height: 0)
        #expect(none.text == Canvas(width: 12, height: 2).text)
    }
}
