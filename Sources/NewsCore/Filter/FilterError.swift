/// A mistake in a filter expression: where it is (the 1-based column, in characters, of the
/// expression's own text) and what was expected there, as one sentence without a final stop:
/// `expected a value after "~" at column 12`.
public struct FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let column: Int
    public let reason: String

    init(_ reason: String, at column: Int) {
        self.reason = reason
        self.column = column
    }

    public var message: String { "\(reason) at column \(column)" }
    public var description: String { message }
}
