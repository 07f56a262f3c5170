import FoundationEssentials

/// A parsed filter: conditions joined by `and`, `or` and `not`. Built by `FilterParser`, whose
/// checks every node has passed (each operator suits its field, each value its type).
public indirect enum FilterExpression: Sendable, Hashable {
    case and(FilterExpression, FilterExpression)
    case or(FilterExpression, FilterExpression)
    case not(FilterExpression)
    /// `unread` or `starred` alone.
    case flag(FilterField)
    /// A text field against a text (`=`, `!=`, `~`) or a regular expression (`=~`).
    case text(FilterField, FilterOperator, String)
    case regex(FilterField, FilterRegex)
    /// `age OP days`.
    case age(FilterOperator, Int)
    /// `date OP day`: the day's first second, UTC.
    case date(FilterOperator, Date)
}

/// An article filter as the reader wrote it, parsed: query feeds' `filter =`, kill rules'
/// `ignore =`, and `/` followed by `=`. Equal when their texts are.
public struct ArticleFilter: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public let expression: FilterExpression

    /// Parses `text`, or says where it is wrong and what was expected there.
    public init(_ text: String) throws(FilterError) {
        self.text = text
        expression = try FilterParser.parse(text)
    }

    public var description: String { text }

    public static func == (lhs: ArticleFilter, rhs: ArticleFilter) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
