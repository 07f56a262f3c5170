import FoundationEssentials
import NewsCore

/// Renders `HeadlinesState` into a canvas: a title line, one row per article (age, source,
/// title) and the status bar. Pure: the same state and layout always give the same cells. The
/// state's selection is already fitted to the layout's rows (`HeadlinesState.fit`).
public struct HeadlinesView {
    public var state: HeadlinesState
    public var layout: ScreenLayout
    public var now: Date
    public var isFallbackDemo = false
    public var downloadsSummary: String?
    /// The downloads line wins over everything else (a quit is waiting for saves).
    public var downloadsFirst = false
    public var localTime: LocalTime = .system

    /// False for a list of one named source: its name is in the title, and the titles get the room.
    public var showsSourceColumn = true
    /// How the list is read, when not as by default ("unread only", "by title").
    public var viewFacts: [String] = []

    /// The status bar's key hints (from the key map in force).
    public var keyHints = HeadlinesView.defaultHints
    /// A prompt typed on the status line (`|`'s command).
    public var prompt: String?

    /// The list's mark for an article with an enclosure.
    public static let enclosureMark = "♪"

    /// The hints with the default keys, on the first screen.
    public static let defaultHints = KeyMap().hints(ScreenKind.headlines.hintedActions, on: .headlines, labels: [.back: "quit"])

    public init(state: HeadlinesState, layout: ScreenLayout, now: Date) {
        self.state = state
        self.layout = layout
        self.now = now
    }

    public func render(into canvas: inout Canvas) {
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
            let ageWidth = 8  // " 27 Nov" and a space before the source
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
                if gutter > 0 {
                    let marks = (item.isStarred ? "*" : " ") + (item.isNew ? "N" : item.isRead ? " " : "•")
                    canvas.write(marks, x: 0, y: y, style: selected ? base : Style(.mark, bold: true))
                }
                let age = DateText.age(article.publishedAt, now: now, localTime: localTime)
                canvas.write(TextLayout.pad(" " + age, to: ageWidth), x: gutter, y: y, style: selected ? base : Style(.date))
                // An enclosure (a podcast's episode) takes the blank before the age: no column moves.
                if article.enclosure != nil {
                    canvas.write(Self.enclosureMark, x: gutter, y: y, style: selected ? base : Style(.mark, bold: true))
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

    private func renderStatus(into canvas: inout Canvas, y: Int) {
        var left = keyHints
        var leftStyle = Style.statusBar
        switch state.phase {
        case _ where prompt != nil:
            left = prompt ?? ""
        case _ where downloadsFirst && downloadsSummary != nil:
            left = downloadsSummary ?? ""
        case _ where state.isTypingFilter:
            left = "/" + (state.filter ?? "") + "▏  Enter keeps it · Esc clears it"
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
            facts.append(state.total == 1 ? "1 article" : "\(state.total) articles")
            facts += viewFacts
            if state.skipped > 0 { facts.append("\(state.skipped) skipped") }
            if let filter = state.filter {
                facts.insert("/\(filter): " + (state.isFilterReady ? "\(state.total) found" : "reading the list…"), at: 0)
            }
        }
        if let lastRefresh = state.lastRefresh { facts.append("updated " + DateText.time(lastRefresh, localTime: localTime)) }
        facts.append(state.sourceName)
        StatusBar.render(left: left, leftStyle: leftStyle, right: facts.joined(separator: " · "), into: &canvas, y: y)
    }
}
