/// What the pointer did, as the terminal reported it (SGR 1006, or X10's older form): a button
/// pressed or released, the pointer moved with a button held, or the wheel turned, at a cell
/// counted from 0 at the top left.
package struct MouseEvent: Hashable, Sendable {
    package enum Button: Hashable, Sendable {
        case left, middle, right
    }

    package enum Kind: Hashable, Sendable {
        case press(Button)
        /// A button let go (X10's form does not say which).
        case release
        /// The pointer moved with a button held (a drag).
        case drag(Button)
        /// The wheel turned: -1 up (away from the reader), 1 down.
        case wheel(Int)
    }

    package var kind: Kind
    package var column: Int
    package var row: Int
    /// Shift, Alt or Ctrl was held (most terminals keep Shift for their own selection).
    package var modified: Bool

    package init(_ kind: Kind, column: Int, row: Int, modified: Bool = false) {
        self.kind = kind
        self.column = column
        self.row = row
        self.modified = modified
    }

    /// The event a terminal's button code says, at 1-based `column` and `row`; nil for one
    /// Headlines has no use for (the wheel sideways, buttons 8 to 11, motion with no button).
    /// `released`: SGR's final `m`, or X10's button 3.
    package init?(code: Int, column: Int, row: Int, released: Bool) {
        guard column >= 1, row >= 1 else { return nil }
        let button = code & 0b11
        let modified = code & 0b1_1100 != 0
        let kind: Kind
        switch code & ~0b1_1100 {
        case 0...2 where released: kind = .release
        case 0...2: kind = .press(Self.buttons[button])
        case 3: kind = .release
        case 32...34: kind = .drag(Self.buttons[button])
        case 64: kind = .wheel(-1)
        case 65: kind = .wheel(1)
        default: return nil
        }
        self.init(kind, column: column - 1, row: row - 1, modified: modified)
    }

    private static let buttons: [Button] = [.left, .middle, .right]
}
