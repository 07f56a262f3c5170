import HeadlinesSession
import HeadlinesKeys

/// The movement actions, as one piece of code shared by every screen that moves a selection
/// through a list (`ListScroll`) or scrolls a text (an offset).
package enum Movement: Equatable, Sendable {
    case by(Int)
    case first
    case last

    /// The movement an action asks for, with a page of `pageRows`; nil for other actions.
    package init?(_ action: Action, pageRows: Int) {
        let page = max(1, pageRows)
        switch action {
        case .down: self = .by(1)
        case .up: self = .by(-1)
        case .pageDown: self = .by(page)
        case .pageUp: self = .by(-page)
        case .first: self = .first
        case .last: self = .last
        default: return nil
        }
    }

    /// A scroll offset moved, between 0 and `maximum`.
    package func applied(to offset: Int, maximum: Int) -> Int {
        switch self {
        case .by(let delta): return max(0, min(maximum, offset + delta))
        case .first: return 0
        case .last: return max(0, maximum)
        }
    }
}

extension ListScroll {
    package mutating func apply(_ movement: Movement) {
        switch movement {
        case .by(let delta): move(by: delta)
        case .first: select(0)
        case .last: select(count - 1)
        }
    }
}
