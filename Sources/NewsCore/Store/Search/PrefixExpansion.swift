/// A prefix written out as the words of the index that start with it.
///
/// FTS5 (SQLite 3.40) answers `voru*` by merging the lists of every word starting so, positions
/// and all, into one before the first row, whatever the query then needs: 13 ms for a prefix of
/// 82 words at 100,000 articles, again at each read. The same words as alternatives
/// (`"vorua" OR "voruber" OR ...`) are walked lazily: the newest 2,000 matches take 4 ms, and
/// `headlines_count_any` counts them all in a third of the time FTS5's own OR takes.
extension SearchQuery {
    /// Beyond this many words, the prefix is left to FTS5: each row of an OR looks at every
    /// alternative.
    static let maxAlternatives = 128

    /// The index's words for the prefix of a query that is one prefix of one word of letters
    /// and digits (`kav*`), as alternatives; the query as it is otherwise (other queries, a
    /// prefix of too many words, one with letters the tokenizer folds, or none at all).
    func expandingPrefix(_ db: SQLiteConnection) throws -> SearchQuery {
        guard let prefix = asciiPrefix, let last = prefix.utf8.last else { return self }
        // The index's vocabulary, read in its order from the prefix on; made on first use, as
        // the connection may be opened before the index exists.
        try db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.article_terms USING fts5vocab(main, article_text, row)")
        // Words starting with the prefix sort from it to it with its last letter raised (ASCII).
        let end = String(prefix.dropLast()) + String(UnicodeScalar(last + 1))
        let words = try db.rows(
            "SELECT term FROM temp.article_terms WHERE term >= ? AND term < ? LIMIT ?", [prefix, end, Self.maxAlternatives + 1]
        ) { $0.text(0) }
        guard !words.isEmpty, words.count <= Self.maxAlternatives else { return self }
        let expression = words.map { "\"" + $0.replacingBytes(of: "\"", with: "\"\"") + "\"" }.joined(separator: " OR ")
        return SearchQuery(expression: expression, terms: terms, words: [expression], alternatives: words.count > 1)
    }

    /// The prefix, as the index holds it, when the query is one prefix of ASCII letters and
    /// digits only: the tokenizer only lowers their case, so the index's words are found by it.
    private var asciiPrefix: String? {
        guard !alternatives, terms.count == 1, words.count == 1, let word = words.first, word.hasSuffix("\"*") else { return nil }
        let prefix = word.dropFirst().dropLast(2)
        guard !prefix.isEmpty, prefix.utf8.allSatisfy({ $0 < 0x80 && (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39) })
        else { return nil }
        return prefix.lowercased()
    }
}
