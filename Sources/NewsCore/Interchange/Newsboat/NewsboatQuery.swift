/// Translates a newsboat query feed (`"query:Name:expression"` in its urls file) into a
/// `[query "Name"]` filter, where the translation means exactly what newsboat means; otherwise
/// says why not. Exact: `title`, `author`, `link` with `=`, `!=`, `=~` (both are POSIX extended
/// expressions ignoring case); `tags # "x"` and `!#`; `unread = "yes"`/`"no"`; `age` with `<`,
/// `>`, `<=`, `>=`, `=` and `!=` (whole days in both); `and`, `or` and parentheses.
public enum NewsboatQuery {
    public struct Translation: Sendable, Equatable {
        public var name: String
        public var filter: String
        /// The urls file's line.
        public var line = 0
    }

    /// `query:Name:expression` (the word after `query:`), or the reason it cannot be translated.
    static func translate(_ word: String) -> Result<Translation, NewsboatQueryError> {
        let body = word.dropFirst("query:".count)
        guard let colon = body.firstIndex(of: ":") else { return .failure(NewsboatQueryError("it has no expression (query:Name:expression)")) }
        let name = Sanitizer.clean(String(body[..<colon]), maxLength: TextLimits.name)
        guard !name.isEmpty else { return .failure(NewsboatQueryError("it has no name")) }
        do {
            let filter = try expression(String(body[body.index(after: colon)...]))
            _ = try ArticleFilter(filter)
            return .success(Translation(name: name, filter: filter))
        } catch let error as NewsboatQueryError {
            return .failure(error)
        } catch {
            return .failure(NewsboatQueryError("its expression does not read: \(error)"))
        }
    }

    /// The expression in Headlines' syntax.
    static func expression(_ text: String) throws -> String {
        let tokens = try self.tokens(text)
        var output: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case "(", ")":
                output.append(token)
                index += 1
            case "and", "or":
                output.append(token)
                index += 1
            default:
                guard index + 2 < tokens.count else { throw NewsboatQueryError("the condition \"\(token)\" is incomplete") }
                output.append(try condition(token, tokens[index + 1], tokens[index + 2]))
                index += 3
            }
        }
        return output.joined(separator: " ")
    }

    private static func condition(_ attribute: String, _ op: String, _ raw: String) throws -> String {
        let value = raw.hasPrefix("\"") ? String(raw.dropFirst().dropLast()) : raw
        let quoted = "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        switch attribute {
        case "title", "author", "link":
            guard ["=", "!=", "=~"].contains(op) else { throw NewsboatQueryError("\(attribute) \(op) has no exact equivalent") }
            return "\(attribute) \(op) \(quoted)"
        case "tags":
            switch op {
            case "#": return "tag = \(quoted)"
            case "!#": return "tag != \(quoted)"
            default: throw NewsboatQueryError("tags \(op) has no exact equivalent")
            }
        case "unread":
            switch (op, value) {
            case ("=", "yes"), ("!=", "no"): return "unread"
            case ("=", "no"), ("!=", "yes"): return "not unread"
            default: throw NewsboatQueryError("unread \(op) \(raw) has no exact equivalent")
            }
        case "age":
            guard let days = Int(value), days >= 0 else { throw NewsboatQueryError("age \(op) \(raw) is not a number of days") }
            switch op {
            case "<", ">", "=", "!=": return "age \(op) \(days)"
            case "<=": return "age < \(days + 1)"
            case ">=": return days == 0 ? "(age > 0 or age = 0)" : "age > \(days - 1)"
            default: throw NewsboatQueryError("age \(op) has no exact equivalent")
            }
        default:
            throw NewsboatQueryError("the attribute \"\(attribute)\" has no exact equivalent")
        }
    }

    /// Words, quoted strings (kept with their quotes), operators and parentheses.
    private static func tokens(_ text: String) throws -> [String] {
        var tokens: [String] = []
        let characters = Array(text)
        var index = 0
        let operators = ["!=", "=~", "!~", "!#", "<=", ">=", "=", "#", "<", ">"]
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" {
                index += 1
            } else if character == "(" || character == ")" {
                tokens.append(String(character))
                index += 1
            } else if character == "\"" {
                var word = "\""
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    word.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw NewsboatQueryError("a string has no closing quote") }
                tokens.append(word + "\"")
                index += 1
            } else if let op = operators.first(where: { op in Array(op).elementsEqual(characters[index..<min(characters.count, index + op.count)]) }) {
                tokens.append(op)
                index += op.count
            } else {
                var word = ""
                while index < characters.count, !" \t()\"=!<>#~".contains(characters[index]) {
                    word.append(characters[index])
                    index += 1
                }
                guard !word.isEmpty else { throw NewsboatQueryError("\"\(characters[index])\" is not understood") }
                tokens.append(word)
            }
        }
        return tokens
    }
}

/// Why a newsboat query feed was not translated.
struct NewsboatQueryError: Error, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
