import FoundationEssentials
import NewsCore

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

    func render(into canvas: inout Canvas) {
        let width = layout.width
        canvas.fill(x: 0, y: layout.titleRow, count: width, style: .header)
        canvas.write(" Headlines · Sources", x: 0, y: layout.titleRow, style: .header)
        let nameWidth = max(12, min(40, width / 3))
        let countWidth = 18
        for row in 0..<layout.bodyRows {
            let index = state.scroll.top + row
            guard index < state.rows.count else { break }
            let y = layout.bodyTop + row
            let selected = index == state.scroll.selection
            if selected { canvas.fill(x: 0, y: y, count: width, style: .selection) }
            let base: Style = selected ? .selection : Style(.list)
            switch state.rows[index] {
            case .heading(let title):
                canvas.write(title, x: 1, y: y, style: selected ? base : Style(.header, bold: true), maxX: 2 + nameWidth)
                canvas.write(pad(counts(state.sources(in: title)), countWidth), x: 3 + nameWidth, y: y, style: base)
            case .all:
                canvas.write("All", x: 2, y: y, style: selected ? base : Style(.normal, bold: true), maxX: 2 + nameWidth)
                canvas.write(pad(counts(library.keys), countWidth), x: 3 + nameWidth, y: y, style: base)
                let loading = library.keys.filter { library.phase(of: $0) == .loading }.count
                let failed = library.keys.filter { if case .failed = library.phase(of: $0) { return true } else { return false } }.count
                var words: [String] = []
                if loading > 0 { words.append("\(Spinner.frame(state.spinnerTick)) \(loading) loading") }
                if failed > 0 { words.append("\(failed) failed") }
                canvas.write(words.joined(separator: " · "), x: 4 + nameWidth + countWidth, y: y, style: selected ? base : .muted, maxX: width - 1)
            case .starred:
                canvas.write("Starred", x: 2, y: y, style: selected ? base : Style(.normal, bold: true), maxX: 2 + nameWidth)
                canvas.write(pad(library.starredCount.map(String.init) ?? "", countWidth), x: 3 + nameWidth, y: y, style: base)
            case .source(let key, let name):
                canvas.write(name, x: 2, y: y, style: base, maxX: 2 + nameWidth)
                let count = library.summaries[key] == nil ? "" : counts([key])
                canvas.write(pad(count, countWidth), x: 3 + nameWidth, y: y, style: base)
                var state = describe(key)
                if let hidden = library.summaries[key]?.hiddenCount, hidden > 0 {
                    state.0 = CountText.grouped(hidden) + " hidden" + (state.0.isEmpty ? "" : " · " + state.0)
                }
                canvas.write(state.0, x: 4 + nameWidth + countWidth, y: y, style: selected ? base : state.1, maxX: width - 1)
            case .query(let name):
                canvas.write("⌕ " + name, x: 2, y: y, style: selected ? base : Style(.normal, bold: true), maxX: 2 + nameWidth)
                let count =
                    library.queryCounts[name].map { (($0.unread > 0 ? CountText.grouped($0.unread) + " unread · " : "") + CountText.grouped($0.total)) } ?? ""
                canvas.write(pad(count, countWidth), x: 3 + nameWidth, y: y, style: base)
            case .tag(let tag, let keys):
                canvas.write("#" + tag, x: 2, y: y, style: base, maxX: 2 + nameWidth)
                canvas.write(pad(counts(keys), countWidth), x: 3 + nameWidth, y: y, style: base)
                canvas.write(
                    keys.count == 1 ? "1 source" : "\(keys.count) sources", x: 4 + nameWidth + countWidth, y: y, style: selected ? base : .muted,
                    maxX: width - 1)
            }
        }
        var facts = state.showsTags ? "\(state.tagRows.count) tags · t: the sources" : "\(library.entries.count) sources"
        if let filter = state.filter { facts = "/\(filter): \(state.sourcesShown) found · " + facts }
        let left =
            state.isTypingFilter
            ? "/" + (state.filter ?? "") + "▏  Enter keeps it · Esc clears it"
            : state.notice?.text ?? downloadsSummary ?? keyHints
        StatusBar.render(left: left, leftStyle: state.notice?.style ?? .statusBar, right: facts, into: &canvas, y: layout.statusRow)
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

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
