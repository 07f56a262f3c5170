import HeadlinesSession
import HeadlinesKeys

/// What a key does on a screen: the key map turns it into an action, the screen performs it,
/// and `back` and `help` have their defaults when the screen leaves them (`redraw` is the app's).
@MainActor
enum KeyRouting {
    static func outcome(for key: Key, on screen: any Screen, _ context: ScreenContext) -> KeyOutcome {
        if screen.capturesText, key.isTyping || key.isLineEditing { return screen.handle(unbound: key, context) }
        guard let action = context.keys.action(for: key, on: screen.kind) else { return screen.handle(unbound: key, context) }
        if key == .escape, action == .back, context.isRoot {
            // Esc goes back but never quits: people press it on the first screen out of habit.
            let outcome = screen.perform(.back, context)
            guard case .ignored = outcome else { return outcome }
            let quitKey = context.keys.keys(for: .back, on: screen.kind).first { $0 != .escape } ?? context.keys.keys(for: .quit, on: screen.kind).first
            context.show(Notice(quitKey.map { "\($0.hintLabel) quits; Esc only goes back." } ?? "Esc only goes back."))
            return .handled
        }
        return outcome(for: action, on: screen, context)
    }

    static func outcome(for action: Action, on screen: any Screen, _ context: ScreenContext) -> KeyOutcome {
        let outcome = screen.perform(action, context)
        guard case .ignored = outcome else { return outcome }
        switch action {
        case .back: return context.isRoot ? .quit : .close
        case .help: return screen.kind == .help ? .close : .openHelp
        case .quit: return .quit
        case .reloadConfig: return .reloadConfig
        default: return .ignored
        }
    }

    /// "U works in lists.": what a key that does nothing on `screen` does elsewhere; nil for a key
    /// no screen binds (curses' own, a letter typed by mistake).
    static func elsewhere(_ key: Key, on screen: ScreenKind, _ keys: KeyMap) -> String? {
        guard keys.action(for: key, on: screen) == nil else { return nil }
        let places = ScreenKind.allCases.filter { $0 != .help && $0 != screen && keys.action(for: key, on: $0) != nil }
        guard !places.isEmpty else { return nil }
        let names = places.map(\.place)
        let joined = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        return "\(key.hintLabel) works \(joined)."
    }
}

extension ScreenKind {
    /// Where a key works, as the end of "U works …".
    var place: String {
        switch self {
        case .sources: return "on the Sources screen"
        case .headlines: return "in lists"
        case .article: return "in an article"
        case .downloads: return "on the downloads screen"
        case .help: return "in the help"
        case .search: return "on the Search screen"
        }
    }
}

extension Key {
    /// A key that edits text: a printable character, or Backspace.
    var isTyping: Bool {
        switch self {
        case .character: return true
        case .backspace: return true
        default: return false
        }
    }
}
