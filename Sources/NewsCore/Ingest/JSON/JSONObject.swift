/// A JSON object's members in document order. An array rather than a dictionary: an article
/// has about eight members, and comparing short keys costs less than hashing them, building a
/// hash table per object and freeing it again (a third of a 10,000-article parse went there).
/// A repeated name keeps every copy; lookups find the last one, which is the one that counts.
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Member = (key: String, value: JSONValue)

    private(set) var members: [Member]

    init(members: [Member]) { self.members = members }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { (key: $0.0, value: $0.1) }
    }

    public var count: Int { members.count }

    /// The value of the last member called `key`, as a dictionary built from the document would hold.
    public subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key == key { return member.value }
        return nil
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// Equal when they hold the same names with the same values, whatever the order or repeats.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.effective == rhs.effective
    }

    /// What the object means: each name once, with its last value.
    private var effective: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
