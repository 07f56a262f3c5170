import Foundation
import NewsCore

/// Lays an article out for a width: title, byline, date, text, link and image facts.
public struct ArticleView {
    public struct Line: Equatable {
        public var text: String
        public var style: Style
    }

    public var state: ArticleState
    public var calendar: Calendar = .current
    /// Saves in flight or their last outcome, shown when there is no notice of the screen's own.
    public var downloadsSummary: String?

    public static let keyHints = "↑↓ scroll · o open · d save · q back"

    /// The article's lines at `width` columns (before scrolling).
    public func lines(width: Int) -> [Line] {
        let article = state.article
        let columns = max(1, width - 4)
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
    func imageLine(width: Int) -> (String, Style) {
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

    public func render(into canvas: inout Canvas, offset: inout Int) {
        let width = canvas.width
        canvas.fill(x: 0, y: 0, count: width, style: .header)
        canvas.write(" " + (state.article.sourceName ?? "Article"), x: 0, y: 0, style: .header)
        let body = lines(width: width)
        let rows = max(0, canvas.height - 3)
        offset = max(0, min(offset, max(0, body.count - rows)))
        for row in 0..<rows where offset + row < body.count {
            let line = body[offset + row]
            canvas.write(line.text, x: 2, y: 1 + row, style: line.style, maxX: width - 2)
        }
        let (imageText, imageStyle) = imageLine(width: width)
        canvas.write(imageText, x: 2, y: canvas.height - 2, style: imageStyle, maxX: width - 1)
        let more = body.count > rows ? " \(min(100, (offset + rows) * 100 / max(1, body.count)))%" : ""
        let left = state.notice?.text ?? downloadsSummary ?? Self.keyHints
        StatusBar.render(left: left, leftStyle: state.notice?.style ?? .statusBar, right: "Article" + more, into: &canvas, y: canvas.height - 1)
    }
}
