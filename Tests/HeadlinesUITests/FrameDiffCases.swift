import Testing
@testable import HeadlinesUI

/// A change from one frame to the next (none before the first), and the runs it must come to.
struct FrameChange: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let old: Canvas?
    let new: Canvas
    let runs: [FrameRun]

    init(_ description: String, from old: Canvas?, to new: Canvas, _ runs: [FrameRun]) {
        testDescription = description
        self.old = old
        self.new = new
        self.runs = runs
    }

    static let all = [
        FrameChange(
            "no old frame: every cell, in runs of one style", from: nil, to: canvas(["abc", "def"], width: 5, writing: ("X", 4, .error)),
            [run(0, 0, "abc ", 4), run(4, 0, "X", 1, .error), run(0, 1, "def  ", 5)]),
        FrameChange(
            "a wide character replaced by two narrow ones", from: canvas(["a漢b"], width: 6), to: canvas(["axyb"], width: 6),
            [run(1, 0, "xy", 2)]),
        FrameChange(
            "two narrow characters replaced by a wide one (its continuation cell goes with it)",
            from: canvas(["axyb"], width: 6), to: canvas(["a漢b"], width: 6), [run(1, 0, "漢", 2)]),
        FrameChange(
            "a style change inside a run splits it",
            from: canvas(["abcdef"], width: 6), to: canvas(["ABCDEF"], width: 6, writing: ("CD", 2, .selection)),
            [run(0, 0, "AB", 2), run(2, 0, "CD", 2, .selection), run(4, 0, "EF", 2)]),
        FrameChange(
            "a row that shrinks blanks what it left (the space after Hello was one already)",
            from: canvas(["Hello world"], width: 12), to: canvas(["Hello"], width: 12), [run(6, 0, "     ", 5)]),
        FrameChange(
            "a change only after an unchanged wide character starts after it",
            from: canvas(["字ab"], width: 5), to: canvas(["字aX"], width: 5), [run(3, 0, "X", 1)]),
    ]

    static func run(_ x: Int, _ y: Int, _ text: String, _ columns: Int, _ style: Style = .normal) -> FrameRun {
        FrameRun(x: x, y: y, text: text, style: style, columns: columns)
    }

    /// `rows` from the left edge, then `text` written at column `x` of the first row in `style`.
    static func canvas(_ rows: [String], width: Int, writing text: (String, Int, Style)? = nil) -> Canvas {
        var canvas = FrameDiffTests.canvas(rows, width: width)
        if let (text, x, style) = text { canvas.write(text, x: x, y: 0, style: style) }
        return canvas
    }
}
