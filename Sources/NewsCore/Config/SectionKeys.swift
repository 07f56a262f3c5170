/// The checks every `[source]` and `[server]` line makes of its key before its value is read:
/// the section takes it, it is not a global setting out of place, and it is not given twice.
struct SectionKeys {
    /// "source" or "server", as messages name the section.
    let kind: String
    let keys: [String]
    let name: String
    /// Where each key was first given, to refuse a second one.
    private var seen: [String: Int] = [:]

    init(kind: String, keys: [String], name: String) {
        self.kind = kind
        self.keys = keys
        self.name = name
    }

    mutating func check(_ key: String, line: Int) throws(LineError) {
        guard keys.contains(key) else {
            if SettingsTable.names.contains(key) {
                throw LineError("\(ConfigText.quoted(key)) is a global setting: move it above the first [\(kind)] section")
            }
            throw LineError("unknown \(kind) setting \(ConfigText.quoted(key)) (a \(kind) takes \(keys.joined(separator: ", ")))")
        }
        if let first = seen[key] {
            throw LineError("\(key) is given twice in \(kind) \(ConfigText.quoted(name)) (first on line \(first))")
        }
        seen[key] = line
    }
}
