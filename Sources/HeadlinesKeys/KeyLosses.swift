/// Actions that a change of bindings left with no key where they had one (an imported
/// `bind-key x toggle-article-read` took `x` from full text): the import says so, naming the
/// action and the key that took it, so nothing goes quiet unseen.
package struct KeyLoss: Equatable, Sendable {
    package let action: Action
    /// The key it had, and what that key does now.
    package let key: Key
    package let takenBy: Action?
    package let screen: ScreenKind

    /// One sentence: "full-text (Article) has no key now: x does toggle-read; give it one with bind KEY full-text."
    package var sentence: String {
        let now = takenBy.map { "\(key.hintLabel) does \($0.rawValue)" } ?? "\(key.hintLabel) is unbound"
        return "\(action.rawValue) (\(screen.title)) has no key now: \(now); give it one with bind KEY \(action.rawValue)."
    }

    /// Each action with a key on some screen in `before` and none there in `after`, once.
    package static func between(_ before: KeyMap, _ after: KeyMap) -> [KeyLoss] {
        var losses: [KeyLoss] = []
        for action in Action.allCases {
            for screen in ScreenKind.allCases where screen != .help {
                let had = before.keys(for: action, on: screen)
                guard let key = had.first, after.keys(for: action, on: screen).isEmpty else { continue }
                losses.append(KeyLoss(action: action, key: key, takenBy: after.action(for: key, on: screen), screen: screen))
                break
            }
        }
        return losses
    }
}
