import FoundationEssentials

/// Reads a filter expression into a `FilterExpression`, by recursive descent:
///
///     expression := and ("or" and)*
///     and        := unary ("and" unary)*
///     unary      := "not" unary | "(" expression ")" | condition
///     condition  := "unread" | "starred" | FIELD OPERATOR VALUE
///
/// `and` binds tighter than `or`. Every error names the column and what was expected there.
struct FilterParser {
    private let tokens: [FilterToken]
    private var index = 0
    /// The column just past the text, where "expected ..." at the end points.
    private let endColumn: Int

    static func parse(_ text: String) throws(FilterError) -> FilterExpression {
        var parser = FilterParser(tokens: try FilterLexer.tokens(text), endColumn: text.count + 1)
        guard !parser.tokens.isEmpty else { throw FilterError("expected a condition (such as unread, or title ~ \"word\")", at: 1) }
        let expression = try parser.orExpression()
        if let extra = parser.peek {
            if extra.kind == .close { throw FilterError("unexpected \")\" with no \"(\" before it", at: extra.column) }
            throw FilterError("expected and, or, or the end after the condition, not \(extra.shown)", at: extra.column)
        }
        return expression
    }

    private init(tokens: [FilterToken], endColumn: Int) {
        self.tokens = tokens
        self.endColumn = endColumn
    }

    private var peek: FilterToken? { index < tokens.count ? tokens[index] : nil }
    private var column: Int { peek?.column ?? endColumn }

    private mutating func take() -> FilterToken? {
        defer { index += 1 }
        return peek
    }

    private func isKeyword(_ token: FilterToken?, _ keyword: String) -> Bool {
        if case .word(let word)? = token?.kind { return word.lowercased() == keyword }
        return false
    }

    private mutating func orExpression() throws(FilterError) -> FilterExpression {
        var left = try andExpression()
        while isKeyword(peek, "or") {
            let keyword = take()!
            left = .or(left, try operand(after: keyword, word: "or") { (p: inout FilterParser) throws(FilterError) in try p.andExpression() })
        }
        return left
    }

    private mutating func andExpression() throws(FilterError) -> FilterExpression {
        var left = try unary()
        while isKeyword(peek, "and") {
            let keyword = take()!
            left = .and(left, try operand(after: keyword, word: "and") { (p: inout FilterParser) throws(FilterError) in try p.unary() })
        }
        return left
    }

    /// The operand after `and`, `or` or `not`, which must be there.
    private mutating func operand(
        after keyword: FilterToken, word: String, _ read: (inout FilterParser) throws(FilterError) -> FilterExpression
    ) throws(FilterError) -> FilterExpression {
        guard peek != nil else { throw FilterError("expected a condition after \"\(word)\"", at: endColumn) }
        return try read(&self)
    }

    private mutating func unary() throws(FilterError) -> FilterExpression {
        guard let token = peek else { throw FilterError("expected a condition", at: endColumn) }
        if isKeyword(token, "not") {
            let keyword = take()!
            return .not(try operand(after: keyword, word: "not") { (p: inout FilterParser) throws(FilterError) in try p.unary() })
        }
        switch token.kind {
        case .open:
            index += 1
            guard peek != nil else { throw FilterError("expected a condition after \"(\"", at: endColumn) }
            let inner = try orExpression()
            guard let close = take(), close.kind == .close else {
                throw FilterError("\"(\" has no matching \")\"", at: token.column)
            }
            return inner
        case .word(let word):
            index += 1
            return try condition(field: word, at: token.column)
        case .close:
            throw FilterError("expected a condition before \")\"", at: token.column)
        case .string, .op:
            throw FilterError("expected a field (\(Self.fieldList)), not \(token.shown)", at: token.column)
        }
    }

    static let fieldList = FilterField.allCases.map(\.rawValue).joined(separator: ", ")

    private mutating func condition(field name: String, at fieldColumn: Int) throws(FilterError) -> FilterExpression {
        guard let field = FilterField(rawValue: name.lowercased()) else {
            let near = FilterField.allCases.first { EditDistance.isAtMostOne(name.lowercased(), $0.rawValue) }
            let hint = near.map { " (did you mean \"\($0.rawValue)\"?)" } ?? " (fields: \(Self.fieldList))"
            throw FilterError("unknown field \"\(name)\"" + hint, at: fieldColumn)
        }
        if field.kind == .flag {
            if case .op(let op)? = peek?.kind {
                throw FilterError("\(field.rawValue) takes no value: write \(field.rawValue) or not \(field.rawValue), not \"\(op.rawValue)\"", at: column)
            }
            return .flag(field)
        }
        guard let opToken = peek, case .op(let op) = opToken.kind else {
            let found = peek.map { ", not \($0.shown)" } ?? ""
            let ops = field.operators.map(\.rawValue).joined(separator: " ")
            throw FilterError("expected an operator (\(ops)) after \"\(field.rawValue)\"\(found)", at: column)
        }
        index += 1
        guard field.operators.contains(op) else {
            let ops = field.operators.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw FilterError("\(field.rawValue) is compared with \(ops), not \"\(op.rawValue)\"", at: opToken.column)
        }
        guard let valueToken = peek else { throw FilterError("expected a value after \"\(op.rawValue)\"", at: endColumn) }
        let value: String
        switch valueToken.kind {
        case .word(let word): value = word
        case .string(let text): value = text
        default: throw FilterError("expected a value after \"\(op.rawValue)\", not \(valueToken.shown)", at: valueToken.column)
        }
        index += 1
        switch field.kind {
        case .text where op == .matches:
            let pattern = valueToken.pattern ?? value
            switch Result(catching: { () throws(FilterRegex.RegexError) -> FilterRegex in try FilterRegex(pattern) }) {
            case .success(let regex):
                return .regex(field, regex)
            case .failure(.tooLong):
                throw FilterError("a regular expression is at most \(FilterRegex.maxLength) bytes", at: valueToken.column)
            case .failure(.backReference):
                throw FilterError(
                    "back-references (\\1 to \\9) are not allowed in =~: they can make one match take minutes", at: valueToken.column)
            case .failure(.invalid(let reason)):
                throw FilterError("the regular expression does not compile (\(reason))", at: valueToken.column)
            }
        case .text:
            return .text(field, op, value)
        case .age:
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let days = Int(value), days <= 100_000 else {
                throw FilterError("age is a whole number of days, not \"\(value)\"", at: valueToken.column)
            }
            return .age(op, days)
        case .date:
            guard let day = Self.day(value) else {
                throw FilterError("date is a day written YYYY-MM-DD, not \"\(value)\"", at: valueToken.column)
            }
            return .date(op, day)
        case .flag:
            return .flag(field)  // handled above
        }
    }

    /// `YYYY-MM-DD` as the first second of that day, UTC.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        guard day <= ISO8601.daysInMonth(year: year, month: month) else { return nil }
        return Date(timeIntervalSince1970: Double(ISO8601.daysFromCivil(year: year, month: month, day: day)) * 86_400)
    }
}
