/// Splits a filter expression into tokens. Values are bare words or quoted with `"` (or `'`),
/// with `\"`, `\'` and `\\` as escapes; spaces separate tokens and are otherwise ignored.
/// A regular expression (after `=~`) keeps its backslashes: only `\"` (or `\'`, in its quote)
/// stands for the quote, so `"^Item 1\. linux$"` matches a dot.
enum FilterLexer {
    /// The longest expression read (a config line, or what `/` takes).
    static let maxLength = 2_000

    static func tokens(_ text: String) throws(FilterError) -> [FilterToken] {
        let characters = Array(text)
        guard characters.count <= maxLength else {
            throw FilterError("a filter is at most \(maxLength) characters", at: maxLength + 1)
        }
        var tokens: [FilterToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            switch character {
            case " ", "\t":
                index += 1
            case "(":
                tokens.append(FilterToken(kind: .open, column: column))
                index += 1
            case ")":
                tokens.append(FilterToken(kind: .close, column: column))
                index += 1
            case "~":
                tokens.append(FilterToken(kind: .op(.contains), column: column))
                index += 1
            case "<":
                tokens.append(FilterToken(kind: .op(.less), column: column))
                index += 1
            case ">":
                tokens.append(FilterToken(kind: .op(.greater), column: column))
                index += 1
            case "=":
                let regex = index + 1 < characters.count && characters[index + 1] == "~"
                tokens.append(FilterToken(kind: .op(regex ? .matches : .equal), column: column))
                index += regex ? 2 : 1
            case "!":
                guard index + 1 < characters.count, characters[index + 1] == "=" else {
                    throw FilterError("expected \"!=\" (a lone \"!\" means nothing; write not)", at: column)
                }
                tokens.append(FilterToken(kind: .op(.notEqual), column: column))
                index += 2
            case "\"", "'":
                var value = ""
                var pattern = ""
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == character {
                        closed = true
                        index += 1
                        break
                    }
                    if next == "\\", index + 1 < characters.count {
                        let escaped = characters[index + 1]
                        value.append(escaped)
                        if escaped != character { pattern.append(next) }
                        pattern.append(escaped)
                        index += 2
                        continue
                    }
                    value.append(next)
                    pattern.append(next)
                    index += 1
                }
                guard closed else { throw FilterError("the string has no closing \(character)", at: column) }
                tokens.append(FilterToken(kind: .string(value), column: column, pattern: pattern))
            default:
                guard isWordCharacter(character) else {
                    throw FilterError("unexpected \"\(character)\"", at: column)
                }
                var word = ""
                while index < characters.count, isWordCharacter(characters[index]) {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(FilterToken(kind: .word(word), column: column))
            }
        }
        return tokens
    }

    /// Letters, digits, and the marks of dates, numbers, addresses and names (`2025-03-01`, `c++`).
    static func isWordCharacter(_ character: Character) -> Bool {
        if character.isLetter || character.isNumber { return true }
        return "-_.:/@+#%&,;*?$".contains(character)
    }
}
