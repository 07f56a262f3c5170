extension Collection {
    /// The elements mapped one after another by an async function (the sync tests' ids to the cache's).
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
