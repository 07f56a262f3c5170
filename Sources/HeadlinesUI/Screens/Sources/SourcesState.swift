import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// The Sources screen's rows: "All", "Starred", the query feeds, then each source under its
/// group's heading, in the config's order. A heading is a row like the others: Enter on it
/// opens its group's articles as one list. `/` narrows the rows to the query feeds whose name
/// holds the text and the sources whose name, group or tags hold it (in the tags' view, `t`,
/// to the tags that hold it). `show-read-sources = no` leaves out sources with nothing unread.
package struct SourcesState: Equatable, HoldsNotice {
    package enum Row: Equatable {
        case all
        case starred
        case heading(String)
        case source(SourceKey, name: String)
        /// A `[query "Name"]` of the config.
        case query(String)
        /// A tag, with the sources that carry it (`t`).
        case tag(String, sources: [SourceKey])
    }

    /// Every row, unfiltered.
    package private(set) var allRows: [Row]
    /// The rows shown: all of them, or those the filter (and `show-read-sources`) let through.
    package private(set) var rows: [Row]
    package private(set) var scroll = ListScroll()
    package private(set) var spinnerTick = 0
    package private(set) var notice: Notice?
    /// The `/` filter's text; nil when the rows are not filtered.
    package var filter: String? { filterLine?.text }
    /// The filter's line, as typed and edited.
    package private(set) var filterLine: LineEditor?
    /// The reader is typing the filter.
    package private(set) var isTypingFilter = false
    /// Each source's group and tags, for the filter.
    private var groups: [SourceKey: String]
    private var tagsOf: [SourceKey: [String]]
    /// The tags' rows (`t`), and whether they are shown instead of the sources.
    package private(set) var tagRows: [Row]
    package private(set) var showsTags = false
    /// Sources left out because nothing of theirs is unread (`show-read-sources = no`).
    private var readSources: Set<SourceKey> = []

    package init(entries: [Library.Entry], queries: [String] = [], tags: [(tag: String, sources: [SourceKey])] = []) {
        var rows: [Row] = [.all, .starred] + queries.map { .query($0) }
        var groups: [String?] = []
        for entry in entries where !groups.contains(entry.group) { groups.append(entry.group) }
        for group in groups {
            if let group { rows.append(.heading(group)) }
            for entry in entries where entry.group == group { rows.append(.source(entry.key, name: entry.source.name)) }
        }
        allRows = rows
        self.rows = rows
        tagRows = tags.map { .tag($0.tag, sources: $0.sources) }
        self.groups = Dictionary(entries.compactMap { entry in entry.group.map { (entry.key, $0) } }) { first, _ in first }
        tagsOf = Dictionary(entries.map { ($0.key, $0.tags) }) { first, _ in first }
        scroll.setCount(rows.count)
    }

    /// The sources changed (a server listed its feeds, the config was read again): the rows are
    /// made again, the filter applied again, and the selection kept on its row when that row is still there.
    package mutating func replaceEntries(
        _ entries: [Library.Entry], queries: [String]? = nil, tags: [(tag: String, sources: [SourceKey])]? = nil
    ) {
        let selected = selectedRow
        let queries =
            queries
            ?? allRows.compactMap { row -> String? in
                if case .query(let name) = row { name } else { nil }
            }
        let fresh = SourcesState(entries: entries, queries: queries, tags: tags ?? [])
        allRows = fresh.allRows
        groups = fresh.groups
        tagsOf = fresh.tagsOf
        if tags != nil { tagRows = fresh.tagRows }
        showRows(selecting: selected)
    }

    /// `show-read-sources = no`: these sources have nothing unread, and are left out.
    package mutating func hideReadSources(_ keys: Set<SourceKey>) {
        guard keys != readSources else { return }
        let selected = selectedRow
        readSources = keys
        showRows(selecting: selected)
    }

    /// Selects `key`'s row, when it is shown.
    package mutating func selectSource(_ key: SourceKey) {
        guard let index = rows.firstIndex(where: { if case .source(key, _) = $0 { true } else { false } }) else { return }
        scroll.select(index)
    }

    package var selectedRow: Row? { rows.indices.contains(scroll.selection) ? rows[scroll.selection] : nil }

    /// The sources of a group, in order (Enter on its heading).
    package func sources(in group: String) -> [SourceKey] {
        allRows.compactMap { row in
            guard case .source(let key, _) = row, groups[key] == group else { return nil }
            return key
        }
    }

    /// Every source, in the screen's order.
    package var sourceKeys: [SourceKey] {
        allRows.compactMap { row in
            if case .source(let key, _) = row { return key } else { return nil }
        }
    }

    package mutating func move(_ movement: Movement) { scroll.apply(movement) }

    package mutating func select(_ index: Int) { scroll.select(index) }

    // MARK: - The filter

    /// `/`: the filter starts, empty, and takes the keys.
    package mutating func beginFilter() {
        filterLine = filterLine ?? LineEditor()
        isTypingFilter = true
    }

    /// A key typed into the filter; false when it is no editing key.
    package mutating func typeInFilter(_ key: Key) -> Bool {
        guard var line = filterLine, line.apply(key) else { return false }
        filterLine = line
        showRows(selecting: nil, onFirstFound: true)
        return true
    }

    /// The filter's text: the rows that hold it (case-insensitive); every row for "".
    package mutating func setFilter(_ text: String) {
        filterLine = LineEditor(text)
        showRows(selecting: nil, onFirstFound: true)
    }

    /// The rows, under the filter and `show-read-sources`; the selection on `selecting` when it
    /// is still shown, else (`onFirstFound`) on the first row found, so that Enter opens it.
    private mutating func showRows(selecting selected: Row?, onFirstFound: Bool = false) {
        let needle = (filter ?? "").lowercased()
        if showsTags {
            rows = needle.isEmpty ? tagRows : tagRows.filter { if case .tag(let tag, _) = $0 { tag.lowercased().contains(needle) } else { false } }
        } else {
            var shown: [Row] = []
            var heading: Row?
            for row in allRows {
                switch row {
                case .heading: heading = row
                case .source(let key, let name):
                    guard !readSources.contains(key) else { continue }
                    guard needle.isEmpty || matches(key, name: name, needle) else { continue }
                    if let pending = heading, groups[key] != nil {
                        shown.append(pending)
                        heading = nil
                    }
                    shown.append(row)
                case .query(let name):
                    if needle.isEmpty || name.lowercased().contains(needle) { shown.append(row) }
                case .all, .starred:
                    if needle.isEmpty { shown.append(row) }
                case .tag:
                    continue
                }
            }
            rows = shown
        }
        scroll.setCount(rows.count)
        if let selected, let index = rows.firstIndex(of: selected) {
            scroll.select(index)
        } else if onFirstFound {
            scroll.select(
                needle.isEmpty
                    ? 0
                    : rows.firstIndex {
                        switch $0 {
                        case .source, .query, .tag: return true
                        default: return false
                        }
                    } ?? 0)
        }
    }

    private func matches(_ key: SourceKey, name: String, _ needle: String) -> Bool {
        name.lowercased().contains(needle) || groups[key]?.lowercased().contains(needle) == true
            || tagsOf[key]?.contains { $0.lowercased().contains(needle) } == true
    }

    /// How many sources, query feeds and tags the filter lets through.
    package var sourcesShown: Int {
        rows.filter {
            switch $0 {
            case .source, .query, .tag: return true
            default: return false
            }
        }.count
    }

    /// Enter while typing: the filter stays, the keys go back to the list.
    package mutating func endFilterTyping() { isTypingFilter = false }

    /// Esc, or leaving with Enter: every row again (the selection stays on its row).
    package mutating func clearFilter() {
        let selected = selectedRow
        filterLine = nil
        isTypingFilter = false
        showRows(selecting: selected)
        if selected == nil { scroll.select(0) }
    }

    /// `t`: the tags instead of the sources, or the sources again (a filter is cleared).
    package mutating func toggleTags() {
        filterLine = nil
        isTypingFilter = false
        showsTags.toggle()
        showRows(selecting: nil)
        scroll.select(0)
    }

    package mutating func fit(rows visible: Int) { scroll.fit(rows: visible) }
    package mutating func tick() { spinnerTick += 1 }
    package mutating func show(_ notice: Notice?) { self.notice = notice }
}
