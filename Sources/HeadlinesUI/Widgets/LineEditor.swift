import HeadlinesSession
import HeadlinesKeys

/// A line being typed at a prompt (`/`, `S`, `|`), edited as a shell's line is: characters go in
/// at the cursor; Backspace takes the character before it (a whole character, however wide or
/// combined), Ctrl-D the one under it; Left and Right move by a character, Home and Ctrl-A to the
/// start, End and Ctrl-E to the end; Ctrl-U cuts to the start, Ctrl-K to the end, Ctrl-W the word
/// before the cursor.
package struct LineEditor: Equatable, Sendable {
    package private(set) var text: String
    /// The cursor: how many characters come before it.
    package private(set) var cursor: Int
    /// The longest line taken, in characters.
    package static let maxLength = 1000

    package init(_ text: String = "") {
        self.text = String(text.prefix(Self.maxLength))
        cursor = self.text.count
    }

    /// Applies an editing key; false for a key that edits nothing (Enter, Esc, the others).
    package mutating func apply(_ key: Key) -> Bool {
        var characters = Array(text)
        switch key {
        case .character(let character):
            guard characters.count < Self.maxLength else { return true }
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            // As a shell's Ctrl-W: the blanks before the cursor, then the word before them.
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        text = String(characters)
        return true
    }

    /// The line with `mark` at the cursor ("kern▏el").
    package func display(mark: String = "▏") -> String {
        let characters = Array(text)
        return String(characters[..<cursor]) + mark + String(characters[cursor...])
    }
}

extension Key {
    /// A key that edits a line at a prompt besides typing (see `LineEditor`): while a screen
    /// captures text it goes to the line, not to the action it is bound to.
    var isLineEditing: Bool {
        switch self {
        case .left, .right, .home, .end: return true
        case .control(let letter): return "adekuw".contains(letter)
        default: return false
        }
    }
}
