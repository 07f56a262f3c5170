import HeadlinesSession
import HeadlinesKeys

/// Every key in force, grouped by where it applies, generated from the key map (so a key
/// rebound in the config shows as bound). `back` or `help` closes it.
@MainActor
package final class HelpScreen: Screen {
    package let kind = ScreenKind.help
    private var keys = KeyMap()
    private var offset = 0
    private var layout = ScreenLayout(width: 0, height: 0)

    package init() {}

    package func didAppear(_ context: ScreenContext) {
        keys = context.keys
    }

    package func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas)
        let lines = HelpView.lines(HelpRows.rows(keys), width: layout.width)
        offset = Movement.by(0).applied(to: offset, maximum: lines.count - layout.bodyRows)
        HelpView(lines: lines, offset: offset, layout: layout).render(into: &canvas)
    }

    package func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        guard let movement = Movement(action, pageRows: layout.bodyRows) else { return .ignored }
        let lines = HelpView.lines(HelpRows.rows(keys), width: layout.width)
        offset = movement.applied(to: offset, maximum: lines.count - layout.bodyRows)
        return .handled
    }
}

/// The help screen's lines: a heading per scope, then each action's keys and what it does.
enum HelpRows {
    enum Row: Equatable {
        case heading(String)
        case entry(keys: String, help: String)
    }

    static func rows(_ keys: KeyMap) -> [Row] {
        var rows: [Row] = []
        for (title, bindings) in KeyTable.groups(keys.bindings) {
            if !rows.isEmpty { rows.append(.heading("")) }
            rows.append(.heading(title))
            for binding in bindings where !binding.keys.isEmpty {
                rows.append(.entry(keys: binding.keys.map(\.label).joined(separator: "  "), help: binding.help))
            }
        }
        rows.append(.heading(""))
        rows.append(.heading(MouseGestures.title))
        for gesture in MouseGestures.rows { rows.append(.entry(keys: gesture.gesture, help: gesture.help)) }
        // Actions the config left with no key (unbound, or their key given to another): said, not hidden.
        let keyless = keys.bindings.filter(\.keys.isEmpty)
        if !keyless.isEmpty {
            rows.append(.heading(""))
            rows.append(.heading(noKeyHeading))
            for binding in keyless { rows.append(.entry(keys: binding.action.rawValue, help: binding.help)) }
        }
        // What `bind KEY ACTION` in the config file takes.
        rows.append(.heading(""))
        rows.append(.heading(actionNamesHeading))
        for action in ActionNames.list { rows.append(.entry(keys: action.name, help: action.help)) }
        return rows
    }

    static let actionNamesHeading = "Action names, for bind KEY ACTION in the config file"
    static let noKeyHeading = "No key now (the config unbound it, or bound its key to another action): bind KEY ACTION gives one"
}

/// Draws the help lines from `offset`.
struct HelpView {
    let lines: [HelpRows.Row]
    let offset: Int
    let layout: ScreenLayout

    static func keyWidth(_ width: Int) -> Int { min(26, width / 3) }

    /// The rows as screen lines at `width`: a description that does not fit is wrapped onto
    /// lines of its own under it (an entry with empty keys), never cut.
    static func lines(_ rows: [HelpRows.Row], width: Int) -> [HelpRows.Row] {
        let helpWidth = max(1, width - 1 - (4 + keyWidth(width)))
        var lines: [HelpRows.Row] = []
        for row in rows {
            guard case .entry(let keys, let help) = row else {
                lines.append(row)
                continue
            }
            for (index, line) in TextLayout.wrap(help, to: helpWidth).enumerated() {
                lines.append(.entry(keys: index == 0 ? keys : "", help: line))
            }
        }
        return lines
    }

    func render(into canvas: inout Canvas) {
        canvas.fill(x: 0, y: layout.titleRow, count: layout.width, style: .header)
        canvas.write(" Help · keys", x: 0, y: layout.titleRow, style: .header)
        let keyWidth = Self.keyWidth(layout.width)
        for row in 0..<layout.bodyRows where offset + row < lines.count {
            let y = layout.bodyTop + row
            switch lines[offset + row] {
            case .heading(let title):
                canvas.write(title, x: 1, y: y, style: Style(.header, bold: true))
            case .entry(let keys, let help):
                canvas.write(keys, x: 3, y: y, style: Style(.accent, bold: true), maxX: 3 + keyWidth)
                canvas.write(help, x: 4 + keyWidth, y: y, maxX: layout.width - 1)
            }
        }
        StatusBar.render(left: "q back", right: "Headlines", into: &canvas, y: layout.statusRow)
    }
}
