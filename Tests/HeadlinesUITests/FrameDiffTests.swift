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

    @Test(arguments: FrameChange.all)
    func theRunsAreWhatChangedAndTurnTheOldFrameIntoTheNew(_ change: FrameChange) {
        let runs = FrameDiff.runs(from: change.old, to: change.new)
        #expect(runs == change.runs)
        #expect(Self.apply(runs, to: change.old ?? Canvas(width: change.new.width, height: change.new.height)) == change.new)
    }

    @Test func unchangedFramesWriteNothing() {
        let frame = Self.canvas(["漢字 and text", "🚀 rocket"], width: 20)
        #expect(FrameDiff.runs(from: frame, to: frame).isEmpty)
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
