import FoundationEssentials
import NewsCore
import HeadlinesSession

/// Draws the Sources screen: per row the name, the article count, and the last load's state
/// (a spinner, the age of the last refresh, or the error in one line).
@MainActor
struct SourcesView {
    let state: SourcesState
    let layout: ScreenLayout
    let library: Library
    let now: Date
    var keyHints = ""
    var downloadsSummary: String?
    /// `feedlist-format`: source and query rows as newsboat's codes write them (nil: the built-in columns).
    var rowFormat: RowFormat?

    func render(into canvas: inout Canvas) {
        let width = layout.width
        canvas.fill(x: 0, y: layout.titleRow, count: width, style: .header)
        canvas.write(" Headlines · Sources", x: 0, y: layout.titleRow, style: .header)
        // The counts' column is as wide as the widest count of any row (not only those in view,
        // so that scrolling moves no column); the names give way to it on a narrow screen.
        let countTexts = state.rows.map(countText)
        let countWidth = countTexts.map(TextWidth.of).max() ?? 0
        let nameWidth = max(8, min(max(12, min(40, width / 3)), width - countWidth - 14))
        let countX = 3 + nameWidth
        let stateX = countX + countWidth + 2
        let numbers = rowFormat == nil ? [:] : Dictionary(state.sourceKeys.enumerated().map { ($1, $0 + 1) }) { first, _ in first }
        for row in 0..<layout.bodyRows {
            let index = state.scroll.top + row
            guard index < state.rows.count else { break }
            let y = layout.bodyTop + row
            let selected = index == state.scroll.selection
            if selected { canvas.fill(x: 0, y: y, count: width, style: .selection) }
            let base: Style = selected ? .selection : Style(.list)
            if let rowFormat, let text = formatted(state.rows[index], rowFormat, numbers: numbers, columns: width - 3) {
                // A failing source shows it in every format: in red, and with its reason where the format has no `%S`.
                let failure = failure(of: state.rows[index])
                let shown = failure.map { rowFormat.shows("S") ? text : text + "  ✗ " + $0 } ?? text
                canvas.write(shown, x: 2, y: y, style: selected || failure == nil ? base : .error, maxX: width - 1)
                continue
            }
            canvas.write(TextLayout.padLeft(countTexts[index], to: countWidth), x: countX, y: y, style: base, maxX: width - 1)
            switch state.rows[index] {
            case .heading(let title):
                canvas.write(title, x: 1, y: y, style: selected ? base : Style(.header, bold: true), maxX: 2 + nameWidth)
            case .all:
                canvas.write("All", x: 2, y: y, style: selected ? base : Style(.normal, bold: true), maxX: 2 + nameWidth)
                let loading = library.keys.filter { library.phase(of: $0) == .loading }.count
                let failed = library.keys.filter { if case .failed = library.phase(of: $0) { return true } else { return false } }.count
                var words: [String] = []
                if loading > 0 { words.append("\(Spinner.frame(state.spinnerTick)) \(CountText.grouped(loading)) loading") }
                if failed > 0 { words.append("\(CountText.grouped(failed)) failed") }
                canvas.write(words.joined(separator: " · "), x: stateX, y: y, style: selected ? base : .muted, maxX: width - 1)
            case .starred:
                canvas.write("Starred", x: 2, y: y, style: selected ? base : Style(.normal, bold: true), maxX: 2 + nameWidth)
            case .source(let key, let name):
                canvas.write(name, x: 2, y: y, style: base, maxX: 2 + nameWidth)
                var state = describe(key)
                if let hidden = library.summaries[key]?.hiddenCount, hidden > 0 {
                    state.0 = CountText.grouped(hidden) + " hidden" + (state.0.isEmpty ? "" : " · " + state.0)
                }
                canvas.write(state.0, x: stateX, y: y, style: selected ? base : state.1, maxX: width - 1)
            case .query(let name):
                canvas.write("⌕ " + name, x: 2, y: y, style: selected ? base : Style(.normal, bold: true), maxX: 2 + nameWidth)
            case .tag(let tag, let keys):
                canvas.write("#" + tag, x: 2, y: y, style: base, maxX: 2 + nameWidth)
                canvas.write(
                    keys.count == 1 ? "1 source" : "\(CountText.grouped(keys.count)) sources", x: stateX, y: y, style: selected ? base : .muted,
                    maxX: width - 1)
            }
        }
        let sources = CountText.grouped(library.entries.count) + (library.entries.count == 1 ? " source" : " sources")
        var facts = state.showsTags ? "\(state.tagRows.count) tags · t: the sources" : sources
        if let filter = state.filter { facts = "/\(filter): \(state.sourcesShown) found · " + facts }
        // On a failing source's row, its reason (in any row format): the row may cut it short.
        let rowFailure = state.notice == nil && !state.isTypingFilter ? failure(of: state.selectedRow) : nil
        let left =
            state.isTypingFilter
            ? "/" + (state.filterLine?.display() ?? "▏") + "  Enter keeps it · Esc clears it"
            : state.notice?.text ?? rowFailure ?? downloadsSummary ?? keyHints
        let leftStyle = state.notice?.style ?? (rowFailure == nil ? .statusBar : .error)
        StatusBar.render(left: left, leftStyle: leftStyle, right: facts, into: &canvas, y: layout.statusRow)
    }

    /// A source's or query feed's row as `feedlist-format` writes it; nil for the other rows.
    private func formatted(_ row: SourcesState.Row, _ format: RowFormat, numbers: [SourceKey: Int], columns: Int) -> String? {
        let name: String, unread: Int, total: Int, number: Int?, entry: Library.Entry?
        switch row {
        case .source(let key, let title):
            let summary = library.summaries[key]
            (name, unread, total, number, entry) = (title, summary?.unreadCount ?? 0, summary?.articleCount ?? 0, numbers[key], library.entry(key))
        case .query(let title):
            let counts = library.queryCounts[title]
            (name, unread, total, number, entry) = (title, counts?.unread ?? 0, counts?.total ?? 0, nil, nil)
        default:
            return nil
        }
        return RowFormatText.line(format, columns: columns) { code in
            switch code {
            case "i": return number.map(String.init) ?? ""
            case "S": return status(of: row)
            case "n": return unread > 0 ? "N" : " "
            case "u": return "(\(CountText.grouped(unread))/\(CountText.grouped(total)))"
            case "U": return CountText.grouped(unread)
            case "c": return CountText.grouped(total)
            case "t": return name
            case "T": return entry?.tags.first ?? ""
            case "l": return entry.map { $0.source.location.absoluteString } ?? ""
            default: return ""
            }
        }
    }

    /// A source's load in one character, as newsboat's `%S`: x failed, . loading, blank otherwise.
    private func status(of row: SourcesState.Row) -> String {
        guard case .source(let key, _) = row else { return " " }
        switch library.phase(of: key) {
        case .failed, .waiting: return "x"
        case .loading: return "."
        case .idle: return " "
        }
    }

    /// Why a source's row failed, in one sentence; nil for every other row.
    func failure(of row: SourcesState.Row?) -> String? {
        guard case .source(let key, _)? = row else { return nil }
        return library.phase(of: key).problem
    }

    /// A row's counts: "25 unread · 80", for its sources together; empty for a source not counted yet.
    private func countText(_ row: SourcesState.Row) -> String {
        switch row {
        case .heading(let title): return counts(state.sources(in: title))
        case .all: return counts(library.keys)
        case .starred: return library.starredCount.map(CountText.grouped) ?? ""
        case .source(let key, _): return library.summaries[key] == nil ? "" : counts([key])
        case .query(let name):
            return library.queryCounts[name].map { ($0.unread > 0 ? CountText.grouped($0.unread) + " unread · " : "") + CountText.grouped($0.total) } ?? ""
        case .tag(_, let keys): return counts(keys)
        }
    }

    /// "25 unread · 80" (or "80" when all are read), for these sources together.
    private func counts(_ keys: [SourceKey]) -> String {
        let total = keys.reduce(0) { $0 + (library.summaries[$1]?.articleCount ?? 0) }
        let unread = keys.reduce(0) { $0 + (library.summaries[$1]?.unreadCount ?? 0) }
        return (unread > 0 ? CountText.grouped(unread) + " unread · " : "") + CountText.grouped(total)
    }

    /// A source's state in a few words.
    private func describe(_ key: SourceKey) -> (String, Style) {
        switch library.phase(of: key) {
        case .loading: return ("\(Spinner.frame(state.spinnerTick)) loading…", .muted)
        case .failed(let message): return ("✗ " + message, .error)
        case .waiting(let until): return ("waiting until \(DateText.time(until)): the server asked for a pause", .muted)
        case .idle:
            guard let last = library.summaries[key]?.refresh.lastSuccess else { return ("", .muted) }
            return ("updated " + DateText.age(last, now: now) + (DateText.age(last, now: now) == "now" ? "" : " ago"), Style(.date))
        }
    }
}
