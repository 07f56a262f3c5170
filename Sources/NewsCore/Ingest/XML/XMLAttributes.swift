import CLibXML2

/// libxml2's attribute array for one element: five pointers each (local name, prefix, URI,
/// value start, value end), read only when asked.
struct XMLAttributes {
    let values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    var isEmpty: Bool { count == 0 }

    /// The value of `name` ("local" or "prefix:local"), predefined references already decoded.
    subscript(_ name: StaticString) -> String? {
        guard let values, count > 0 else { return nil }
        let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        let colon = wanted.firstIndex(of: UInt8(ascii: ":"))
        let wantedPrefix = colon.map { UnsafeBufferPointer(rebasing: wanted[..<$0]) }
        let wantedLocal = colon.map { UnsafeBufferPointer(rebasing: wanted[($0 + 1)...]) } ?? wanted
        for index in 0..<count {
            let entry = values + index * 5
            guard let local = entry[0], Self.equals(local, wantedLocal) else { continue }
            if let wantedPrefix {
                guard let prefix = entry[1], Self.equals(prefix, wantedPrefix) else { continue }
            } else if entry[1] != nil {
                continue
            }
            guard let start = entry[3], let end = entry[4] else { return "" }
            return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
        return nil
    }

    /// Every attribute as (qualified name, value), for writing markup back out.
    var all: [(name: String, value: String)] {
        guard let values else { return [] }
        return (0..<count).compactMap { index in
            let entry = values + index * 5
            guard let local = entry[0] else { return nil }
            let name = entry[1].map { String(cString: $0) + ":" } ?? ""
            let value = entry[3].flatMap { start in
                entry[4].map { String(decoding: UnsafeBufferPointer(start: start, count: $0 - start), as: UTF8.self) }
            }
            return (name + String(cString: local), value ?? "")
        }
    }

    /// Whether the NUL-terminated `text` is exactly `expected`.
    static func equals(_ text: UnsafePointer<xmlChar>, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<expected.count where text[index] != expected[index] { return false }
        return text[expected.count] == 0
    }
}
