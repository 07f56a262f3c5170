import Testing
@testable import HeadlinesUI
import TestSupport

/// The frame diff, without a terminal: the runs it returns, and a model terminal that writes
/// them (placing each character at its column and advancing by its width) must turn the old
/// frame into the new one.
@Suite("FrameDiff")
struct FrameDiffTests {
    static func canvas(_ rows: [String], width: Int, style: Style = .normal) -> Canvas {
        var canvas = Canvas(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { canvas.write(row, x: 0, y: y, style: style) }
        return canvas
    }

    /// The old frame with `runs` written over it, as a terminal would.
    static func apply(_ runs: [FrameRun], to old: Canvas) -> Canvas {
        var screen = old
        for run in runs {
            var x = run.x
            for character in run.text {
                x = screen.write(String(character), x: x, y: run.y, style: run.style)
            }
            #expect(x == run.x + run.columns, "run at \(run.x),\(run.y) wrote \(x - run.x) columns, not \(run.columns)")
        }
        return screen
    }

    @Test func noOldFrameWritesEveryCellInRunsOfOneStyle() {
        var new = Self.canvas(["abc", "def"], width: 5)
        new.write("X", x: 4, y: 0, style: .error)
        let runs = FrameDiff.runs(from: nil, to: new)
        #expect(runs == [
            FrameRun(x: 0, y: 0, text: "abc ", style: .normal, columns: 4),
            FrameRun(x: 4, y: 0, text: "X", style: .error, columns: 1),
            FrameRun(x: 0, y: 1, text: "def  ", style: .normal, columns: 5),
        ])
        #expect(Self.apply(runs, to: Canvas(width: 5, height: 2)) == new)
    }

    @Test func unchangedFramesWriteNothing() {
        let frame = Self.canvas(["漢字 and text", "🚀 rocket"], width: 20)
        #expect(FrameDiff.runs(from: frame, to: frame).isEmpty)
    }

    @Test func aWideCharacterReplacedByTwoNarrowOnesAndBack() {
        let wide = Self.canvas(["a漢b"], width: 6)
        let narrow = Self.canvas(["axyb"], width: 6)
        let there = FrameDiff.runs(from: wide, to: narrow)
        #expect(there == [FrameRun(x: 1, y: 0, text: "xy", style: .normal, columns: 2)])
        #expect(Self.apply(there, to: wide) == narrow)
        let back = FrameDiff.runs(from: narrow, to: wide)
        #expect(back == [FrameRun(x: 1, y: 0, text: "漢", style: .normal, columns: 2)], "the continuation cell goes with its character")
        #expect(Self.apply(back, to: narrow) == wide)
    }

    @Test func aStyleChangeInsideARunSplitsIt() {
        let old = Self.canvas(["abcdef"], width: 6)
        var new = Self.canvas(["ABCDEF"], width: 6)
        new.write("CD", x: 2, y: 0, style: .selection)
        let runs = FrameDiff.runs(from: old, to: new)
        #expect(runs == [
            FrameRun(x: 0, y: 0, text: "AB", style: .normal, columns: 2),
            FrameRun(x: 2, y: 0, text: "CD", style: .selection, columns: 2),
            FrameRun(x: 4, y: 0, text: "EF", style: .normal, columns: 2),
        ])
        #expect(Self.apply(runs, to: old) == new)
    }

    @Test func aRowThatShrinksBlanksWhatItLeft() {
        let old = Self.canvas(["Hello world"], width: 12)
        let new = Self.canvas(["Hello"], width: 12)
        let runs = FrameDiff.runs(from: old, to: new)
        #expect(runs == [FrameRun(x: 6, y: 0, text: "     ", style: .normal, columns: 5)], "the space after Hello was one already")
        #expect(Self.apply(runs, to: old) == new)
    }

    @Test func aChangeOnlyAfterAnUnchangedWideCharacterStartsAfterIt() {
        let old = Self.canvas(["字ab"], width: 5)
        let new = Self.canvas(["字aX"], width: 5)
        #expect(FrameDiff.runs(from: old, to: new) == [FrameRun(x: 3, y: 0, text: "X", style: .normal, columns: 1)])
    }

    @Test func aClusterWiderThanTwoColumnsIsWrittenWhole() {
        let old = Self.canvas(["क्षि end"], width: 10)
        let new = Self.canvas(["xyz end"], width: 10)
        let runs = FrameDiff.runs(from: old, to: new)
        #expect(Self.apply(runs, to: old) == new)
        #expect(Self.apply(FrameDiff.runs(from: new, to: old), to: new) == old)
    }

    /// Any frame to any other: random rows of mixed widths and styles, several sizes.
    @Test(arguments: 0..<40)
    func anyFrameToAnyOther(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 1)
        let pieces = ["a", "bc", "漢", "字x", "🚀", "é", "e\u{301}", "क्षि", " ", "--", "👍🏽"]
        let styles: [Style] = [.normal, .selection, .error, .header]
        func frame() -> Canvas {
            var canvas = Canvas(width: 17, height: 3)
            for y in 0..<3 {
                var x = generator.int(0...2)
                while x < 17 {
                    let text = generator.pick(pieces)
                    x = canvas.write(text, x: x, y: y, style: generator.pick(styles))
                    x += generator.int(0...1)
                }
            }
            return canvas
        }
        let old = frame()
        let new = frame()
        #expect(Self.apply(FrameDiff.runs(from: old, to: new), to: old) == new)
        #expect(Self.apply(FrameDiff.runs(from: nil, to: new), to: Canvas(width: 17, height: 3)) == new)
    }
}
