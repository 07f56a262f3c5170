/// Keys in order of use, most recent first, with O(1) touch, insert and removal: a doubly
/// linked list threaded through a dictionary.
struct RecencyList<Key: Hashable & Sendable>: Sendable {
    private struct Links: Sendable {
        var older: Key?
        var newer: Key?
    }

    private var links: [Key: Links] = [:]
    private(set) var newest: Key?
    private(set) var oldest: Key?

    var count: Int { links.count }

    func contains(_ key: Key) -> Bool { links[key] != nil }

    /// Makes `key` the most recent, adding it when new.
    mutating func touch(_ key: Key) {
        if links[key] != nil {
            guard newest != key else { return }
            remove(key)
        }
        links[key] = Links(older: newest, newer: nil)
        if let previous = newest { links[previous]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    mutating func remove(_ key: Key) {
        guard let removed = links.removeValue(forKey: key) else { return }
        if let older = removed.older { links[older]?.newer = removed.newer } else { oldest = removed.newer }
        if let newer = removed.newer { links[newer]?.older = removed.older } else { newest = removed.older }
    }

    mutating func removeAll() {
        links.removeAll()
        newest = nil
        oldest = nil
    }

    /// Most recent first (for tests and debugging).
    var keysNewestFirst: [Key] {
        var keys: [Key] = []
        var current = newest
        while let key = current {
            keys.append(key)
            current = links[key]?.older
        }
        return keys
    }
}
