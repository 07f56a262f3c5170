/// One word of a filter expression, with the column it starts at (1-based, in characters).
struct FilterToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: a field, `and`, `or`, `not`, or an unquoted value (`2`, `2025-03-01`).
        case word(String)
        /// A quoted string, its escapes read.
        case string(String)
        case op(FilterOperator)
        case open
        case close
    }

    let kind: Kind
    let column: Int
    /// A quoted string as `=~` reads it: every backslash kept (`\.` is a literal dot to the
    /// regular expression), but for one before the string's own quote.
    var pattern: String? = nil

    /// How messages quote it.
    var shown: String {
        switch kind {
        case .word(let word): return "\"\(word)\""
        case .string(let text): return "\"\(text)\""
        case .op(let op): return "\"\(op.rawValue)\""
        case .open: return "\"(\""
        case .close: return "\")\""
        }
    }
}

/// The comparison operators.
public enum FilterOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "="
    case notEqual = "!="
    /// Holds the text, ignoring case.
    case contains = "~"
    /// Matches the POSIX extended regular expression, ignoring case.
    case matches = "=~"
    case less = "<"
    case greater = ">"
}
