import NewsCore

extension Library {
    /// How often an open interface looks for another process's writes: within the two seconds
    /// a person waits for cron's articles to show, for one pragma a look.
    package static let otherWritersInterval = Duration.seconds(1)

    /// Looks for what other processes write to the cache (cron's `headlines --refresh` beside an
    /// open interface), for the life of the app: their articles are marked new as a refresh's
    /// are, the counts are read again, and the lists read their rows in place.
    package func watchOtherWriters(every interval: Duration = Library.otherWritersInterval) {
        let store = self.store
        scope.run(.otherWriters) { [weak self] _ in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                let writes: OtherWrites?
                do {
                    writes = try await store.writesByOthers()
                } catch {
                    continue  // a cache that cannot be read now is looked at again next time; its lists say why
                }
                guard let self else { return }
                if let writes { self.take(writes) }
            }
        }
    }

    /// Another process's writes: new articles as a refresh's (not a source's first ones), then
    /// the counts and the lists.
    func take(_ writes: OtherWrites) {
        for (key, ids) in writes.added where entry(key) != nil {
            if (summaries[key]?.articleCount ?? 0) > 0 || refreshedThisSession.contains(key) { newArticles.formUnion(ids) }
        }
        notify(.writtenElsewhere(Set(writes.added.keys)))
        reloadCounts()
    }
}
