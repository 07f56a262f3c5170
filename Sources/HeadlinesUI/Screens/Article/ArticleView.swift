import FoundationEssentials
import HeadlinesSession
import NewsCore
import HeadlinesKeys

/// The article's lines for one width, with the room kept for its picture.
package struct ArticleLines: Equatable, Sendable {
    package var lines: [StyledLine]
    /// The line where the picture's room starts, and the room; nil when no picture is drawn.
    package var pictureTop: Int
    package var slot: PictureSlot?

    package var count: Int { lines.count }
}

/// Draws an article for a width: title, byline, date, its picture, its text and links, and the
/// image line. The costly parts (the body's lines, the picture's cells) are computed once by
/// `ArticleParts` and handed in. Pure: the state's offset is already clamped to the text
/// (`ArticleState.clamp`).
package struct ArticleView {
    package var state: ArticleState
    package var layout: ScreenLayout
    package var localTime: LocalTime = .system
    /// Saves in flight, shown when there is no notice of the screen's own.
    package var downloadsSummary: String?
    /// The status bar's key hints (from the key map in force).
    package var keyHints = ArticleView.defaultHints
    /// The hints while a link number is typed.
    package var linkHints = ArticleView.defaultLinkHints
    /// A prompt typed on the status line (`|`'s command).
    package var prompt: String?
    /// How the picture's pixels meet the cells (half blocks, or the terminal's pixels).
    package var geometry = PictureGeometry.halfBlocks
    /// The most of the screen's height the picture takes, in percent (`picture-height`).
    package var pictureHeight = ConfigSettings().pictureHeight

    /// The text's first column (a margin of two).
    package static let textX = 2

    package static let defaultHints = KeyMap().hints(ScreenKind.article.hintedActions, on: .article, labels: [.down: "scroll"])
    package static let defaultLinkHints = ArticleScreen.linkHints(KeyMap())

    package init(state: ArticleState, layout: ScreenLayout, localTime: LocalTime = .system) {
        self.state = state
        self.layout = layout
        self.localTime = localTime
    }

    /// The picture's room on this layout, or nil when none is kept.
    package func slot() -> PictureSlot? {
        guard state.showsPicture else { return nil }
        switch state.picture {
        case .pending, .decoded: return PictureLayout.slot(for: state.pictureSource, on: layout, geometry: geometry, heightPercent: pictureHeight)
        case .none, .unavailable: return nil
        }
    }

    /// The article's lines at the layout's width (before scrolling), around `body`, the text
    /// under the picture (`ArticleParts` lays it out once per width).
    package func lines(body: [StyledLine]) -> ArticleLines {
        let columns = layout.textColumns
        var lines = ArticleText.header(state.shownArticle, columns: columns, localTime: localTime)
        let pictureTop = lines.count
        let slot = slot()
        if let slot {
            lines += Array(repeating: StyledLine.blank, count: slot.rows + 1)
        } else if state.showsPicture, case .unavailable(let reason) = state.picture {
            lines += ArticleText.wrapped(reason, .muted, columns: columns) + [.blank]
        }
        lines += body
        return ArticleLines(lines: lines, pictureTop: pictureTop, slot: slot)
    }

    /// The image line, drawn below the text and kept in view: what the fetch found or how far it got.
    func imageLine() -> (String, Style) {
        let width = layout.width
        switch state.image {
        case .none: return ("", .muted)  // no picture, no line about it
        case .loading(let progress):
            guard let progress else { return ("Image: \(Spinner.frame(state.tick)) connecting…", .muted) }
            let bar = ProgressBar.text(fraction: progress.fraction, columns: max(10, min(40, width - 40)), tick: state.tick)
            return ("Image: \(bar) \(ProgressBar.percent(progress.fraction)) \(ByteCount.describe(Int(progress.received)))", Style(.progress))
        case .loaded(let info): return ("Image: " + info.summary, Style(.success))
        case .failed(let message): return ("Image: " + message, .error)
        }
    }

    /// Draws `body` (this view's `lines(body:)`) from the state's offset, with `picture` in its
    /// room (nil: the placeholder).
    package func render(_ body: ArticleLines, picture: ArticlePicture?, into canvas: inout Canvas) {
        let width = layout.width
        let offset = state.offset
        let rows = layout.bodyRows
        canvas.fill(x: 0, y: layout.titleRow, count: width, style: .header)
        canvas.write(" " + (state.article.sourceName ?? "Article"), x: 0, y: layout.titleRow, style: .header)
        canvas.draw(body.lines, from: offset, x: Self.textX, y: layout.bodyTop, height: rows, maxX: width - 2)
        if let slot = body.slot { renderPicture(picture, slot, top: body.pictureTop, into: &canvas) }
        if let imageRow = layout.imageRow {
            let (imageText, imageStyle) = imageLine()
            canvas.write(imageText, x: 2, y: imageRow, style: imageStyle, maxX: width - 1)
        }
        let more = body.count > rows ? " \(min(100, (offset + rows) * 100 / max(1, body.count)))%" : ""
        let left: String
        if let prompt {
            left = prompt
        } else if let typed = state.linkNumber {
            left = "Open link: \(typed) · " + linkHints
        } else {
            left = state.notice?.text ?? state.fullTextReading() ?? downloadsSummary ?? keyHints
        }
        let leftStyle = state.linkNumber == nil && prompt == nil ? state.notice?.style ?? .statusBar : .statusBar
        StatusBar.render(left: left, leftStyle: leftStyle, right: (state.marks?.statusText ?? "") + "Article" + more, into: &canvas, y: layout.statusRow)
    }

    /// The picture, or its placeholder, over the visible rows of its room. A picture in pixels
    /// leaves the room's cells blank and tells the canvas where it goes.
    private func renderPicture(_ picture: ArticlePicture?, _ slot: PictureSlot, top: Int, into canvas: inout Canvas) {
        let x = PictureLayout.x(of: slot, on: layout)
        var cells: PictureCells?
        switch picture {
        case .cells(let scaled): cells = scaled
        case .pixels(let image):
            let first = layout.bodyTop + top - state.offset
            // Scrolled past (or not yet reached): no rows in view, and no range to make of them.
            let lower = max(first, layout.bodyTop), upper = min(first + slot.rows, layout.bodyTop + layout.bodyRows)
            if lower < upper {
                canvas.pixelPicture = PixelPicture(image: image, x: x, top: first, columns: slot.columns, rows: slot.rows, visible: lower..<upper)
            }
            return
        case nil: cells = nil
        }
        let placeholder = cells == nil ? PicturePlaceholder(slot: slot, status: placeholderStatus(columns: PicturePlaceholder.innerColumns(slot))) : nil
        for row in 0..<slot.rows {
            let line = top + row - state.offset
            guard line >= 0, line < layout.bodyRows else { continue }
            let y = layout.bodyTop + line
            if let cells {
                canvas.draw(cells, row: row, x: x, y: y, maxX: layout.width - 2)
            } else if let placeholder {
                canvas.draw([placeholder.line(row)], from: 0, x: x, y: y, height: 1, maxX: layout.width - 2)
            }
        }
    }

    /// What the placeholder says: how far the fetch got, or that the picture is being decoded.
    func placeholderStatus(columns available: Int) -> StyledLine.Run {
        switch state.image {
        case .loading(let progress?):
            let percent = ProgressBar.percent(progress.fraction)
            // A bar needs room for a few cells besides the percent; a narrow room shows the percent alone.
            guard available >= 12 else { return StyledLine.Run(percent.trimmingSpaces(), Style(.progress)) }
            let bar = ProgressBar.text(fraction: progress.fraction, columns: min(30, available - 5), tick: state.tick)
            return StyledLine.Run(bar + " " + percent, Style(.progress))
        case .loading(nil):
            return StyledLine.Run("\(Spinner.frame(state.tick)) connecting…", .muted)
        default:
            return StyledLine.Run("\(Spinner.frame(state.tick)) decoding…", .muted)
        }
    }
}
