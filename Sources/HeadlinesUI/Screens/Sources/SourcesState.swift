import FoundationEssentials
import NewsCore

/// The Sources screen's rows: "All", then each source under its group's heading, in the
/// config's order. Headings are never selected.
public struct SourcesState: Equatable {
    public enum Row: Equatable {
        case all
        case starred
        case heading(String)
        case source(SourceKey, name: String)
    }

    public private(set) var rows: [Row]
    public private(set) var scroll = ListScroll()
    public private(set) var spinnerTick = 0
    public private(set) var notice: Notice?

    public init(entries: [Library.Entry]) {
        var rows: [Row] = [.all, .starred]
        var groups: [String?] = []
        for entry in entries where !groups.contains(entry.group) { groups.append(entry.group) }
        for group in groups {
            if let group { rows.append(.heading(group)) }
            for entry in entries where entry.group == group { rows.append(.source(entry.key, name: entry.source.name)) }
        }
        self.rows = rows
        scroll.setCount(rows.count)
    }

    public var selectedRow: Row? { rows.indices.contains(scroll.selection) ? rows[scroll.selection] : nil }

    /// Moves, stepping over headings in the direction of the move.
    public mutating func move(_ movement: Movement) {
        let before = scroll.selection
        scroll.apply(movement)
        var step: Int
        switch movement {
        case .first: step = 1
        case .last: step = -1
        case .by(let delta): step = delta >= 0 ? 1 : -1
        }
        if case .heading = selectedRow, scroll.selection + step < 0 || scroll.selection + step >= rows.count { step = -step }
        while case .heading = selectedRow {
            let next = scroll.selection + step
            guard rows.indices.contains(next) else {
                scroll.select(before)
                return
            }
            scroll.select(next)
        }
    }

    public mutating func fit(rows visible: Int) { scroll.fit(rows: visible) }
    public mutating func tick() { spinnerTick += 1 }
    public mutating func show(_ notice: Notice?) { self.notice = notice }
}
