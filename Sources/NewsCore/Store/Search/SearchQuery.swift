/// What a person typed into the search box, made into an FTS5 query that always parses.
///
/// Words match words; `word*` matches words starting so; `"two words"` matches the phrase
/// (an unclosed quote runs to the end). Every term is passed to FTS5 as a quoted string, so
/// nothing typed is syntax: `NEAR`, `AND`, `OR`, `NOT`, `col:`, `^`, `(`, `-` and a lone `*` are
/// plain text, and text with no letters or digits is no term at all. All terms must match.
/// A prefix of one or two characters matches too much to help and costs the most: the word
/// is searched as it is.
public struct SearchQuery: Sendable, Hashable {
    /// The FTS5 MATCH expression.
    let expression: String
    /// The terms as a person would read them back ("cat*", "\"two words\"").
    public let terms: [String]
    /// Each word of the terms as a query of its own (`"word"`, or `"word"*` for a prefix), to
    /// bound the cost of ranking (see `ArticleStore.search`).
    let words: [String]
    /// True when `expression` is alternatives (`"a" OR "b"`) written out for one prefix (see
    /// `expandingPrefix`): they rank as one phrase, as the prefix would.
    let alternatives: Bool

    /// Longer input is cut: nobody types more, and it bounds the query's cost.
    static let maxCharacters = 500
    static let maxTerms = 16
    static let minPrefix = 3

    /// Nil when the text holds nothing to search for (empty, spaces, only punctuation).
    public init?(_ text: String) {
        var terms: [(text: String, prefix: Bool, phrase: Bool)] = []
        var rest = Substring(text.prefix(Self.maxCharacters))
        while let start = rest.firstIndex(where: { !$0.isWhitespace }), terms.count < Self.maxTerms {
            rest = rest[start...]
            var term: Substring
            let phrase = rest.first == "\""
            if phrase {
                rest = rest.dropFirst()
                let close = rest.firstIndex(of: "\"") ?? rest.endIndex
                term = rest[..<close]
                rest = close < rest.endIndex ? rest[rest.index(after: close)...] : rest[close...]
            } else {
                let end = rest.firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? rest.endIndex
                term = rest[..<end]
                rest = rest[end...]
            }
            // A star right after a word or a closing quote asks for a prefix.
            var prefix = false
            if phrase {
                while rest.first == "*" { prefix = true; rest = rest.dropFirst() }
            } else {
                while term.last == "*" { prefix = true; term = term.dropLast() }
            }
            guard term.unicodeScalars.contains(where: Self.isTokenCharacter) else { continue }
            let lastWord = term.reversed().prefix(while: Self.isTokenCharacter)
            if lastWord.count < Self.minPrefix { prefix = false }
            terms.append((String(term), prefix, phrase))
        }
        guard !terms.isEmpty else { return nil }
        // Written as the index holds it: case folded in full (`ß` as `ss`), runs of Chinese,
        // Japanese, Korean or Thai as pairs of characters (a phrase of them; see `ScriptBigrams`).
        let indexed = terms.map { SearchableText.indexed($0.text) }
        // Inside an FTS5 string only `"` is special (written twice); the tokenizer splits the rest.
        expression = zip(terms, indexed).map { term, text in
            "\"" + text.replacingBytes(of: "\"", with: "\"\"") + "\"" + (term.prefix ? "*" : "")
        }.joined(separator: " ")
        words = zip(terms, indexed).flatMap { term, text in
            let parts = text.split { !Self.isTokenCharacter($0) }.map(String.init)
            return parts.enumerated().map { index, word in
                "\"" + word + "\"" + (term.prefix && index == parts.count - 1 ? "*" : "")
            }
        }
        self.terms = terms.map { term in
            (term.phrase ? "\"\(term.text)\"" : term.text) + (term.prefix ? "*" : "")
        }
        alternatives = false
    }

    init(expression: String, terms: [String], words: [String], alternatives: Bool) {
        self.expression = expression
        self.terms = terms
        self.words = words
        self.alternatives = alternatives
    }

    /// A character (with its marks: a Thai vowel or tone mark belongs to its consonant) that is
    /// part of a word.
    static func isTokenCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isTokenCharacter) ?? false
    }

    /// What the `unicode61` tokenizer keeps as part of a word: letters, numbers, private use.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}
