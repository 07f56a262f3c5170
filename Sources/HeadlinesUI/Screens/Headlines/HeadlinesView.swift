import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// Renders `HeadlinesState` into a canvas: a title line, one row per article (age, source,
/// title) and the status bar. Pure: the same state and layout always give the same cells. The
/// state's selection is already fitted to the layout's rows (`HeadlinesState.fit`).
package struct HeadlinesView {
    package var state: HeadlinesState
    package var layout: ScreenLayout
    package var now: Date
    package var isFallbackDemo = false
    package var downloadsSummary: String?
    /// The downloads line wins over everything else (a quit is waiting for saves).
    package var downloadsFirst = false
    package var localTime: LocalTime = .system
    /// `datetime-format`: the rows' dates in this strftime pattern (nil: their age).
    package var dateFormat: DateFormat?
    /// `articlelist-format`: each row as newsboat's codes write it (nil: the built-in columns).
    package var rowFormat: RowFormat?

    /// False for a list of one named source: its name is in the title, and the titles get the room.
    package var showsSourceColumn = true
    /// How the list is read, when not as by default ("unread only", "by title").
    package var viewFacts: [String] = []

    /// The status bar's key hints (from the key map in force).
    package var keyHints = HeadlinesView.defaultHints
    /// A prompt typed on the status line (`|`'s command).
    package var prompt: String?

    /// The list's mark for an article with an enclosure: `♪`, `↓` once downloaded, `✓` once played.
    package static let enclosureMark = "♪"
    package static func enclosureMark(_ state: EnclosureState) -> String {
        switch state {
        case .none: return enclosureMark
        case .downloaded: return "↓"
        case .played: return "✓"
        }
    }

    /// The hints with the default keys, on the first screen.
    package static let defaultHints = KeyMap().hints(ScreenKind.headlines.hintedActions, on: .headlines, labels: [.back: "quit"])

    package init(state: HeadlinesState, layout: ScreenLayout, now: Date) {
        self.state = state
        self.layout = layout
        self.now = now
    }

    package func render(into canvas: inout Canvas) {
        let width = layout.width
        let listTop = layout.bodyTop
        let listRows = layout.bodyRows
        let scroll = state.scroll
        // Title line.
        canvas.fill(x: 0, y: 0, count: width, style: .header)
        let title = "Headlines · " + state.sourceName + (isFallbackDemo ? " (no sources yet: headlines --add URL)" : "")
        canvas.write(" " + title, x: 0, y: 0, style: .header)

        // The list, or a message in the middle while it is empty.
        let top = scroll.top
        if state.rows.isEmpty {
            let message: String
            var style = Style.muted
            switch state.phase {
            case .loading: message = "\(Spinner.frame(state.spinnerTick)) Loading…"
            case .failed(let text): message = text; style = .error
            case .idle: message = state.hasLoaded ? "No articles" : ""
            }
            let lines = TextLayout.wrap(message, to: max(1, width - 4))
            let startY = listTop + max(0, (listRows - lines.count) / 2)
            for (offset, line) in lines.enumerated() where startY + offset < listTop + listRows {
                canvas.write(line, x: max(0, (width - TextWidth.of(line)) / 2), y: startY + offset, style: style)
            }
        } else {
            // Rows from the cache carry the reader's marks: a gutter shows them (`*` starred,
            // `N` new, `•` unread), and unread titles are bold; `♪` before the age, an enclosure.
            let gutter = state.rows.first?.id != nil ? 2 : 0
            let ageWidth = dateColumnWidth(from: top, rows: listRows)
            let sourceWidth = showsSourceColumn ? min(20, max(8, width / 6)) : 0
            for row in 0..<listRows {
                let index = top + row
                guard index < state.total else { break }
                let y = listTop + row
                let selected = index == scroll.selection
                let base: Style = selected ? .selection : Style(.list)
                if selected { canvas.fill(x: 0, y: y, count: width, style: .selection) }
                // A row of the list not read yet (its page is on its way): a mark in its place.
                guard let item = state.row(at: index) else {
                    canvas.write(TextLayout.pad("", to: gutter) + " …", x: 0, y: y, style: selected ? base : .muted)
                    continue
                }
                let article = item.article
                if let rowFormat {
                    let unread = item.id != nil && !item.isRead
                    let style = selected ? Style(.selection, bold: unread, reverse: true) : Style(unread ? .unread : .list, bold: unread)
                    canvas.write(formatted(item, index: index, rowFormat, columns: width - 1), x: 0, y: y, style: style, maxX: width - 1)
                    continue
                }
                if gutter > 0 {
                    let marks = (item.isStarred ? "*" : " ") + (item.isNew ? "N" : item.isRead ? " " : "•")
                    canvas.write(marks, x: 0, y: y, style: selected ? base : Style(.mark, bold: true))
                }
                let age = DateText.listDate(article.publishedAt, now: now, localTime: localTime, format: dateFormat)
                canvas.write(TextLayout.pad(" " + age, to: ageWidth), x: gutter, y: y, style: selected ? base : Style(.date))
                // An enclosure (a podcast's episode) takes the blank before the age: no column moves.
                if article.enclosure != nil {
                    canvas.write(Self.enclosureMark(item.enclosureState), x: gutter, y: y, style: selected ? base : Style(.mark, bold: true))
                }
                let sourceX = gutter + ageWidth
                if sourceWidth > 0 {
                    canvas.write(article.sourceName ?? "", x: sourceX, y: y, style: selected ? base : Style(.source), maxX: sourceX + sourceWidth - 1)
                }
                let headline = article.title.isEmpty ? "(untitled)" : article.title
                let unread = gutter > 0 && !item.isRead
                let style = selected ? Style(.selection, bold: true, reverse: true) : Style(unread ? .unread : .list, bold: unread)
                canvas.write(headline, x: sourceX + sourceWidth, y: y, style: style, maxX: width - 1)
            }
        }
        renderStatus(into: &canvas, y: layout.statusRow)
    }

    /// A row as `articlelist-format` writes it.
    func formatted(_ item: ListRow, index: Int, _ format: RowFormat, columns: Int) -> String {
        let article = item.article
        return RowFormatText.line(format, columns: columns) { code in
            switch code {
            case "i": return String(index + 1)
            case "f":
                let marks = (item.isStarred ? "*" : " ") + (item.isNew ? "N" : item.id != nil && !item.isRead ? "•" : " ")
                return marks + (article.enclosure != nil ? Self.enclosureMark(item.enclosureState) : " ")
            case "D": return DateText.listDate(article.publishedAt, now: now, localTime: localTime, format: dateFormat)
            case "t": return article.title.isEmpty ? "(untitled)" : article.title
            case "a": return article.author ?? ""
            case "T": return showsSourceColumn ? article.sourceName ?? "" : ""
            case "L":
                // The stored text's size in bytes: what it costs to count on every frame (the markup counts too).
                let text: Int
                switch article.body {
                case .text(let body)?, .html(let body)?: text = body.utf8.count
                case nil: text = (article.content ?? article.description ?? "").utf8.count
                }
                return RowFormatText.length(text)
            default: return ""
            }
        }
    }

    /// The date column, with its blank before and after: as wide as the widest date of the rows in
    /// view (at least `27 Nov`'s), so that a year or a long `datetime-format` is never cut.
    func dateColumnWidth(from top: Int, rows: Int) -> Int {
        var widest = 6
        for index in top..<min(state.total, top + rows) {
            guard let row = state.row(at: index) else { continue }
            widest = max(widest, TextWidth.of(DateText.listDate(row.article.publishedAt, now: now, localTime: localTime, format: dateFormat)))
        }
        return min(widest, 40) + 2
    }

    private func renderStatus(into canvas: inout Canvas, y: Int) {
        var left = keyHints
        var leftStyle = Style.statusBar
        switch state.phase {
        case _ where prompt != nil:
            left = prompt ?? ""
        case _ where downloadsFirst && downloadsSummary != nil:
            left = downloadsSummary ?? ""
        case _ where state.isTypingFilter:
            left = "/" + state.filterLine.display() + "  Enter keeps it · Esc clears it"
        case .loading where state.notice != nil:
            left = state.notice?.text ?? ""
            leftStyle = state.notice?.style ?? leftStyle
        case .loading:
            left = "\(Spinner.frame(state.spinnerTick)) Loading…"
        case .failed(let message):
            left = "✗ " + message
            leftStyle = Notice(message, kind: .error).style
        case .idle:
            if let notice = state.notice {
                left = notice.text
                leftStyle = notice.style
            } else if let downloadsSummary {
                left = downloadsSummary
            }
        }
        // Most useful first: when the bar is narrow, the source name (also in the title) goes first.
        var facts: [String] = []
        if state.hasLoaded {
            facts.append(state.total == 1 ? "1 article" : "\(CountText.grouped(state.total)) articles")
            facts += viewFacts
            if state.skipped > 0 { facts.append("\(state.skipped) skipped") }
            if let filter = state.filter {
                facts.insert("/\(filter): " + (state.isFilterReady ? "\(CountText.grouped(state.total)) found" : "reading the list…"), at: 0)
            }
        }
        if let lastRefresh = state.lastRefresh { facts.append("updated " + DateText.time(lastRefresh, localTime: localTime)) }
        facts.append(state.sourceName)
        StatusBar.render(left: left, leftStyle: leftStyle, right: facts.joined(separator: " · "), into: &canvas, y: y)
    }
}
