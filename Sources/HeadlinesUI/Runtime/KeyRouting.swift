/// What a key does on a screen: the key map turns it into an action, the screen performs it,
/// and `back` and `help` have their defaults when the screen leaves them (`redraw` is the app's).
@MainActor
enum KeyRouting {
    static func outcome(for key: Key, on screen: any Screen, _ context: ScreenContext) -> KeyOutcome {
        if screen.capturesText, key.isTyping { return screen.handle(unbound: key, context) }
        guard let action = context.keys.action(for: key, on: screen.kind) else { return screen.handle(unbound: key, context) }
        return outcome(for: action, on: screen, context)
    }

    static func outcome(for action: Action, on screen: any Screen, _ context: ScreenContext) -> KeyOutcome {
        let outcome = screen.perform(action, context)
        guard case .ignored = outcome else { return outcome }
        switch action {
        case .back: return context.isRoot ? .quit : .close
        case .help: return screen.kind == .help ? .close : .openHelp
        default: return .ignored
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
