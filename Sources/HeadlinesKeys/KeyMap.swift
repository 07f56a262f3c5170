/// The keys in force: the default table with the config file's `bind` and `unbind` applied.
/// Resolves a key on a screen to an action, and lists an action's keys for the help screen and
/// the status-bar hints.
package struct KeyMap: Sendable, Equatable {
    package private(set) var bindings: [KeyBinding]

    package init(_ bindings: [KeyBinding] = KeyTable.defaults) {
        self.bindings = bindings
    }

    /// The action `key` triggers on `screen`, the most specific scope first.
    package func action(for key: Key, on screen: ScreenKind) -> Action? {
        var found: (action: Action, precedence: Int)?
        for binding in bindings where binding.scope.applies(to: screen) && binding.keys.contains(key) {
            if found == nil || binding.scope.precedence < found!.precedence { found = (binding.action, binding.scope.precedence) }
        }
        return found?.action
    }

    /// The keys that trigger `action` on `screen`, in table order.
    package func keys(for action: Action, on screen: ScreenKind) -> [Key] {
        bindings.filter { $0.action == action && $0.scope.applies(to: screen) }
            .flatMap(\.keys)
            .filter { self.action(for: $0, on: screen) == action }
    }

    /// `key` now triggers `action` (where the action's first row applies), and nothing else there.
    package mutating func bind(_ key: Key, to action: Action) {
        guard let index = bindings.firstIndex(where: { $0.action == action }) else { return }
        let scope = bindings[index].scope
        for other in bindings.indices where bindings[other].scope.overlaps(scope) {
            bindings[other].keys.removeAll { $0 == key }
        }
        bindings[index].keys.append(key)
    }

    /// `key` does nothing any more, anywhere.
    package mutating func unbind(_ key: Key) {
        for index in bindings.indices { bindings[index].keys.removeAll { $0 == key } }
    }

    /// "⏎ read · r refresh · ? help · q quit": each action's first key and its hint, for
    /// actions that have a key on `screen`. `labels` overrides hints (`back` is "quit" on the first screen).
    package func hints(_ actions: [Action], on screen: ScreenKind, labels: [Action: String] = [:]) -> String {
        actions.compactMap { action -> String? in
            guard let key = keys(for: action, on: screen).first,
                let label = labels[action] ?? bindings.first(where: { $0.action == action && $0.hint != nil })?.hint
            else { return nil }
            return key.hintLabel + " " + label
        }.joined(separator: " · ")
    }
}

extension KeyScope {
    func overlaps(_ other: KeyScope) -> Bool {
        switch (self, other) {
        case (.screens(let a), .screens(let b)): return !a.isDisjoint(with: b)
        default: return true
        }
    }
}
