import NewsCore

/// `full-text = yes`: after a source's refresh, the pages of its new articles (of all of them
/// for a source that says so, else of those that pass a query feed that says so) are read in
/// the library's scope (for the life of the app, within the connection limits) and kept in the
/// cache, then indexed for search.
extension Library {
    func readFullTexts(of key: SourceKey, added: Set<ArticleID>) {
        guard let reader = fullTextReader else { return }
        let whole = entry(key)?.readsFullText == true
        let queries = queries.filter(\.readsFullText)
        guard whole || !queries.isEmpty else { return }
        fullTextsWanted[key, default: []].formUnion(added)
        guard let wanted = fullTextsWanted[key], !wanted.isEmpty else { return }
        let log = loader.log
        let work: @Sendable () async throws -> FullTextReader.Report = {
            try await reader.readNew([key: wanted], readsAll: { _ in whole }, queries: queries)
        }
        scope.run(.fullTexts(key), work: work) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let report):
                self.fullTextsWanted[key] = nil
                log.log(
                    .info, "full-text",
                    [
                        "source": key.rawValue, "read": String(report.read), "not-articles": String(report.notArticles),
                        "failed": String(report.failed), "first-failure": report.firstFailure ?? "", "not-kept": String(report.notKept),
                    ])
                if report.read > 0 { self.fullTextsChanged() }
                if let notKept = report.notKeptSentence { self.notify(.writeFailed(notKept)) }
            case .failure(let error) where error is CancellationError:
                break  // the app is closing, or a later refresh took the reading over
            case .failure(let error):
                // The cache could not be read: the pages wait for the next refresh.
                log.log(.error, "full-text", ["source": key.rawValue, "error": ErrorText.sentence(error)])
            }
        }
    }

    /// Full texts were kept in the cache: they are indexed for search (when no refresh runs).
    package func fullTextsChanged() {
        if !isLoading { indexForSearch() }
    }
}
