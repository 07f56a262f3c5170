import FoundationEssentials
import NewsCore

/// The Sources screen's rows: "All", "Starred", the query feeds, then each source under its
/// group's heading, in the config's order. A heading is a row like the others: Enter on it
/// opens its group's articles as one list. `/` narrows the rows to the sources whose name (or
/// group) holds the text. `t` shows the sources' tags instead, each a list of its own.
public struct SourcesState: Equatable {
    public enum Row: Equatable {
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
    public private(set) var allRows: [Row]
    /// The rows shown: all of them, or those the filter lets through.
    public private(set) var rows: [Row]
    public private(set) var scroll = ListScroll()
    public private(set) var spinnerTick = 0
    public private(set) var notice: Notice?
    /// The `/` filter's text; nil when the rows are not filtered.
    public private(set) var filter: String?
    /// The reader is typing the filter.
    public private(set) var isTypingFilter = false
    /// Each source's group, for the filter.
    private var groups: [SourceKey: String]
    /// The tags' rows (`t`), and whether they are shown instead of the sources.
    public let tagRows: [Row]
    public private(set) var showsTags = false

    public init(entries: [Library.Entry], queries: [String] = [], tags: [(tag: String, sources: [SourceKey])] = []) {
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
        scroll.setCount(rows.count)
    }

    /// The sources changed (a server listed its feeds): the rows are made again, the filter
    /// applied again, and the selection kept on its row when that row is still there.
    public mutating func replaceEntries(_ entries: [Library.Entry]) {
        let selected = selectedRow
        let queries = allRows.compactMap { row -> String? in
            if case .query(let name) = row { name } else { nil }
        }
        let fresh = SourcesState(entries: entries, queries: queries)
        allRows = fresh.allRows
        groups = fresh.groups
        if showsTags {
            return  // the tags' list stays; the sources' rows show when `t` is pressed again
        } else if let filter {
            setFilter(filter)
        } else {
            rows = allRows
            scroll.setCount(rows.count)
        }
        if let selected, let index = rows.firstIndex(of: selected) { scroll.select(index) }
    }

    public var selectedRow: Row? { rows.indices.contains(scroll.selection) ? rows[scroll.selection] : nil }

    /// The sources of a group, in order (Enter on its heading).
    public func sources(in group: String) -> [SourceKey] {
        allRows.compactMap { row in
            guard case .source(let key, _) = row, groups[key] == group else { return nil }
            return key
        }
    }

    public mutating func move(_ movement: Movement) { scroll.apply(movement) }

    // MARK: - The filter

    /// `/`: the filter starts, empty, and takes the keys.
    public mutating func beginFilter() {
        filter = filter ?? ""
        isTypingFilter = true
    }

    /// The filter's text: the sources whose name or group holds it (case-insensitive), under
    /// their headings; every row for "".
    public mutating func setFilter(_ text: String) {
        filter = text
        let needle = text.lowercased()
        if needle.isEmpty {
            rows = allRows
        } else {
            var shown: [Row] = []
            var heading: Row?
            for row in allRows {
                switch row {
                case .heading: heading = row
                case .source(let key, let name):
                    guard name.lowercased().contains(needle) || groups[key]?.lowercased().contains(needle) == true else { continue }
                    if let pending = heading, groups[key] != nil {
                        shown.append(pending)
                        heading = nil
                    }
                    shown.append(row)
                case .all, .starred, .query, .tag: continue
                }
            }
            rows = shown
        }
        scroll.setCount(rows.count)
        // On the first source found, so that Enter opens it.
        scroll.select(needle.isEmpty ? 0 : rows.firstIndex { if case .source = $0 { return true } else { return false } } ?? 0)
    }

    /// How many sources the filter lets through.
    public var sourcesShown: Int {
        rows.filter { if case .source = $0 { return true } else { return false } }.count
    }

    /// Enter: the filter stays, the keys go back to the list.
    public mutating func endFilterTyping() { isTypingFilter = false }

    /// Esc: every row again.
    public mutating func clearFilter() {
        filter = nil
        isTypingFilter = false
        rows = allRows
        scroll.setCount(rows.count)
        scroll.select(0)
    }

    /// `t`: the tags instead of the sources, or the sources again (a filter is cleared).
    public mutating func toggleTags() {
        filter = nil
        isTypingFilter = false
        showsTags.toggle()
        rows = showsTags ? tagRows : allRows
        scroll.setCount(rows.count)
        scroll.select(0)
    }

    public mutating func fit(rows visible: Int) { scroll.fit(rows: visible) }
    public mutating func tick() { spinnerTick += 1 }
    public mutating func show(_ notice: Notice?) { self.notice = notice }
}
