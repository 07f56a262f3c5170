/// What a filter knows of each source: the name the reader gave it, its group and its tags
/// (the config's). `source`, `group` and `tag` are tested against these, once per source; an
/// article of a source not listed here has an empty name and group and no tags.
public struct FilterSources: Sendable, Equatable {
    public struct Facts: Sendable, Equatable {
        public var name: String
        public var group: String?
        public var tags: [String]

        public init(name: String, group: String? = nil, tags: [String] = []) {
            self.name = name
            self.group = group
            self.tags = tags
        }

        static let unknown = Facts(name: "")
    }

    public var facts: [SourceKey: Facts]

    public init(_ facts: [SourceKey: Facts] = [:]) { self.facts = facts }

    public subscript(key: SourceKey) -> Facts { facts[key] ?? .unknown }
}
