/// One stretch of a row to write: cells that changed, of one style, from `x`.
package struct FrameRun: Equatable, Sendable {
    package let x: Int
    package let y: Int
    /// The cells' text, one after another (continuation cells add nothing).
    package let text: String
    package let style: Style
    /// How many cells the run covers.
    package let columns: Int
}

/// What to write to turn the frame on screen into the next one: the changed cells of each row,
/// in runs of one style (a curses call per cell costs more than the rest of a frame). Pure, so
/// it is tested without a terminal; the driver only writes the runs.
///
/// A character is never written in part: a run that would start on a continuation cell starts
/// at the character's first cell, and the continuation cells after a changed character go with it.
package enum FrameDiff {
    package static func runs(from old: Canvas?, to new: Canvas) -> [FrameRun] {
        let old = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
        var runs: [FrameRun] = []
        for y in 0..<new.height {
            var x = 0
            while x < new.width {
                if let old, old[x, y] == new[x, y] {
                    x += 1
                    continue
                }
                var start = x
                while start > 0, new[start, y].text.isEmpty { start -= 1 }
                let style = new[start, y].style
                var text = ""
                var end = start
                while end < new.width {
                    let cell = new[end, y]
                    if cell.style != style { break }
                    // An unchanged character ends the run; a continuation cell never does.
                    if end > start, !cell.text.isEmpty, let old, old[end, y] == cell { break }
                    text += cell.text
                    end += 1
                }
                runs.append(FrameRun(x: start, y: y, text: text, style: style, columns: end - start))
                x = max(end, x + 1)
            }
        }
        return runs
    }
}
