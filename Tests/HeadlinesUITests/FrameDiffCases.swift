import Testing
@testable import HeadlinesUI

/// A change from one frame to the next (none before the first), and the runs it must come to.
struct FrameChange: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let old: Canvas?
    let new: Canvas
    let runs: [FrameRun]

    static let all = [
        FrameChange(
            testDescription: "no old frame: every cell, in runs of one style",
            old: nil, new: canvas(["abc", "def"], width: 5, writing: ("X", 4, .error)),
            runs: [
                FrameRun(x: 0, y: 0, text: "abc ", style: .normal, columns: 4),
                FrameRun(x: 4, y: 0, text: "X", style: .error, columns: 1),
                FrameRun(x: 0, y: 1, text: "def  ", style: .normal, columns: 5),
            ]),
        FrameChange(
            testDescription: "a wide character replaced by two narrow ones",
            old: canvas(["a漢b"], width: 6), new: canvas(["axyb"], width: 6),
            runs: [FrameRun(x: 1, y: 0, text: "xy", style: .normal, columns: 2)]),
        FrameChange(
            testDescription: "two narrow characters replaced by a wide one (its continuation cell goes with it)",
            old: canvas(["axyb"], width: 6), new: canvas(["a漢b"], width: 6),
            runs: [FrameRun(x: 1, y: 0, text: "漢", style: .normal, columns: 2)]),
        FrameChange(
            testDescription: "a style change inside a run splits it",
            old: canvas(["abcdef"], width: 6), new: canvas(["ABCDEF"], width: 6, writing: ("CD", 2, .selection)),
            runs: [
                FrameRun(x: 0, y: 0, text: "AB", style: .normal, columns: 2),
                FrameRun(x: 2, y: 0, text: "CD", style: .selection, columns: 2),
                FrameRun(x: 4, y: 0, text: "EF", style: .normal, columns: 2),
            ]),
        FrameChange(
            testDescription: "a row that shrinks blanks what it left (the space after Hello was one already)",
            old: canvas(["Hello world"], width: 12), new: canvas(["Hello"], width: 12),
            runs: [FrameRun(x: 6, y: 0, text: "     ", style: .normal, columns: 5)]),
        FrameChange(
            testDescription: "a change only after an unchanged wide character starts after it",
            old: canvas(["字ab"], width: 5), new: canvas(["字aX"], width: 5),
            runs: [FrameRun(x: 3, y: 0, text: "X", style: .normal, columns: 1)]),
    ]

    /// `rows` from the left edge, then `text` written at column `x` of the first row in `style`.
    static func canvas(_ rows: [String], width: Int, writing text: (String, Int, Style)? = nil) -> Canvas {
        var canvas = FrameDiffTests.canvas(rows, width: width)
        if let (text, x, style) = text { canvas.write(text, x: x, y: 0, style: style) }
        return canvas
    }
}
