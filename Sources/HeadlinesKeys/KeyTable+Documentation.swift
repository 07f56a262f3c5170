extension KeyTable {
    /// The key table grouped by where the keys apply, in the help screen's order and headings:
    /// what the man page lists (the README's table is `markdown()`).
    package static func documentedGroups(_ keys: KeyMap = KeyMap()) -> [(title: String, bindings: [KeyBinding])] {
        groups(keys.bindings).map { group in (group.title, group.bindings.filter { !$0.keys.isEmpty }) }
    }

    /// The bindings grouped by scope, in the order the scopes first appear in the table (the
    /// help screen's, the man page's).
    package static func groups(_ bindings: [KeyBinding]) -> [(title: String, bindings: [KeyBinding])] {
        var groups: [(scope: KeyScope, bindings: [KeyBinding])] = []
        for binding in bindings {
            if let index = groups.firstIndex(where: { $0.scope == binding.scope }) {
                groups[index].bindings.append(binding)
            } else {
                groups.append((binding.scope, [binding]))
            }
        }
        return groups.map { ($0.scope.title, $0.bindings) }
    }
}

extension KeyScope {
    /// The heading of its keys in the help screen, the README's table and the man page.
    var title: String {
        switch self {
        case .everywhere: return "Everywhere"
        case .moving: return "Lists and articles"
        case .screens(let screens):
            let names = ScreenKind.allCases.filter(screens.contains).map(\.title)
            return names.count <= 1 ? (names.first ?? "") : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        }
    }
}
