import NewsCore

extension Key {
    /// How the help screen and the README spell the key: `j`, `↓`, `PgDn`, `Space`, `Ctrl-L`.
    package var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .resize: return "resize"
        case .function(let number): return "F\(number)"
        case .unknown(let code): return "key \(code)"
        case .unknownSequence: return "unknown key"
        case .paste: return "pasted text"
        case .mouse: return "the mouse"
        }
    }

    /// The shortest form, for the status bar: `⏎` for Enter.
    package var hintLabel: String { self == .enter ? "⏎" : label }

    /// The key a config file names.
    package init(_ name: KeyName) {
        switch name {
        case .character(let character): self = .character(character)
        case .control(let letter): self = .control(letter)
        case .enter: self = .enter
        case .escape: self = .escape
        case .tab: self = .tab
        case .backTab: self = .backTab
        case .space: self = .character(" ")
        case .backspace: self = .backspace
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        case .function(let number): self = .function(number)
        }
    }
}

extension KeyMap {
    /// The default keys with a config file's changes applied in order. Action names were checked
    /// by the config parser against `Action.names`.
    package init(applying changes: [KeyBindingChange]) {
        self.init()
        for change in changes {
            switch change {
            case .bind(let name, let action, _):
                if let action = Action(rawValue: action) { bind(Key(name), to: action) }
            case .unbind(let name, _):
                unbind(Key(name))
            }
        }
    }
}
