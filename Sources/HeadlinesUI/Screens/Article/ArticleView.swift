import Foundation
import NewsCore

/// Lays an article out for a width: title, byline, date, text, link and image facts. Pure: the
/// state's offset is already clamped to the text (`ArticleState.clamp`).
public struct ArticleView {
    public struct Line: Equatable {
        public var text: String
        public var style: Style
    }

    public var state: ArticleState
    public var layout: ArticleLayout
    public var calendar: Calendar = .current
    /// Saves in flight or their last outcome, shown when there is no notice of the screen's own.
    public var downloadsSummary: String?
    /// The status bar's key hints (from the key map in force).
    public var keyHints = ArticleView.defaultHints

    public static let defaultHints = KeyMap().hints(ArticleScreen.hintedActions, on: .article, labels: [.down: "scroll"])

    public init(state: ArticleState, layout: ArticleLayout, calendar: Calendar = .current) {
        self.state = state
        self.layout = layout
        self.calendar = calendar
    }

    /// The article's lines at the layout's width (before scrolling).
    public func lines() -> [Line] {
        let article = state.article
        let columns = layout.textColumns
        var lines: [Line] = []
        func add(_ text: String, _ style: Style) {
            for line in TextLayout.wrap(text, to: columns) { lines.append(Line(text: line, style: style)) }
        }
        add(article.title.isEmpty ? "(untitled)" : article.title, Style(.accent, bold: true))
        var byline: [String] = []
        if let source = article.sourceName { byline.append(source) }
        if let author = article.author { byline.append("by " + author) }
        if !byline.isEmpty { add(byline.joined(separator: " · "), Style(.source)) }
        add(article.publishedAt.map { DateText.full($0, calendar: calendar) } ?? "Undated", Style(.date))
        lines.append(Line(text: "", style: .normal))
        if let description = article.description {
            add(description, Style(.normal, bold: true))
            lines.append(Line(text: "", style: .normal))
        }
        if let content = article.content {
            add(content, .normal)
            lines.append(Line(text: "", style: .normal))
        }
        add(article.url.absoluteString, Style(.accent, underline: true))
        lines.append(Line(text: "", style: .normal))
        return lines
    }

    /// The image line, drawn below the text and kept in view: what the fetch found or how far it got.
    func imageLine() -> (String, Style) {
        let width = layout.width
        switch state.image {
        case .none: return ("Image: none", .muted)
        case .loading(let progress):
            guard let progress else { return ("Image: \(Spinner.frame(state.tick)) connecting…", .muted) }
            let bar = ProgressBar.text(fraction: progress.fraction, columns: max(10, min(40, width - 40)), tick: state.tick)
            return ("Image: \(bar) \(ProgressBar.percent(progress.fraction)) \(ByteCount.describe(Int(progress.received)))", Style(.progress))
        case .loaded(let info): return ("Image: " + info.summary, Style(.success))
        case .failed(let message): return ("Image: " + message, .error)
        }
    }

    /// Draws `body` (this view's `lines()`) from the state's offset.
    public func render(_ body: [Line], into canvas: inout Canvas) {
        let width = layout.width
        let offset = state.offset
        let rows = layout.bodyRows
        canvas.fill(x: 0, y: layout.titleRow, count: width, style: .header)
        canvas.write(" " + (state.article.sourceName ?? "Article"), x: 0, y: layout.titleRow, style: .header)
        for row in 0..<rows where offset + row < body.count {
            let line = body[offset + row]
            canvas.write(line.text, x: 2, y: layout.bodyTop + row, style: line.style, maxX: width - 2)
        }
        let (imageText, imageStyle) = imageLine()
        canvas.write(imageText, x: 2, y: layout.imageRow, style: imageStyle, maxX: width - 1)
        let more = body.count > rows ? " \(min(100, (offset + rows) * 100 / max(1, body.count)))%" : ""
        let left = state.notice?.text ?? downloadsSummary ?? keyHints
        StatusBar.render(left: left, leftStyle: state.notice?.style ?? .statusBar, right: "Article" + more, into: &canvas, y: layout.statusRow)
    }
}
