import FoundationEssentials

/// `full-text = yes` after refreshes, in the interface and in `--refresh` alike: which of the
/// articles a refresh added have their pages read (every one of a source that says so, else
/// those that pass a query feed that says so), newest first.
extension FullTextReader {
    /// Reads the pages of the articles `added` to each source that `reading` names (`readsAll`:
    /// the source's own setting) or that pass one of `queries` reading full texts.
    /// - Throws: `CancellationError`, or the cache's error when it could not be read.
    public func readNew(
        _ added: [SourceKey: Set<ArticleID>], readsAll: (SourceKey) -> Bool, queries: [QueryConfig]
    ) async throws -> Report {
        let reading = queries.filter(\.readsFullText)
        var total = Report()
        for (key, ids) in added.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !ids.isEmpty {
            let whole = readsAll(key)
            let scopes = reading.map { ArticleScope.filtered(.sources([key]), $0.filter) }
            guard whole || !scopes.isEmpty else { continue }
            let newest = ids.sorted { $0.rawValue > $1.rawValue }
            total.add(try await readAll(whole ? newest : try await store.ids(newest, inAnyOf: scopes)))
        }
        return total
    }
}
