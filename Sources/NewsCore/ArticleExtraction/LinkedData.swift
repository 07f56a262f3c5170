/// Reads a page's JSON-LD (`<script type="application/ld+json">`) with our JSON parser: the
/// schema.org items it describes, whether written as one object, a list, or a `@graph`.
/// A script that is not valid JSON is passed over (pages often get them wrong).
enum LinkedData {
    /// The most items taken from a page.
    static let maxItems = 64

    static func items(_ scripts: [[UInt8]]) -> [JSONObject] {
        var items: [JSONObject] = []
        for script in scripts {
            guard let value = try? script.withUnsafeBufferPointer({ try JSONParser.parse(trimmed($0)) }) else { continue }  // broken JSON-LD is common: skipped
            collect(value, into: &items, depth: 0)
        }
        return items
    }

    private static func collect(_ value: JSONValue, into items: inout [JSONObject], depth: Int) {
        guard depth < 4, items.count < maxItems else { return }
        switch value {
        case .array(let values):
            for value in values { collect(value, into: &items, depth: depth + 1) }
        case .object(let object):
            if let graph = object["@graph"] { collect(graph, into: &items, depth: depth + 1) }
            if object["@type"] != nil { items.append(object) }
            // A page's item may hold its article (`mainEntity`, `mainEntityOfPage`).
            if let main = object["mainEntity"], main.object != nil { collect(main, into: &items, depth: depth + 1) }
        default:
            break
        }
    }

    /// Without the whitespace (and the HTML comment markers some pages wrap JSON in) around it.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if end - start > 7, bytes[start] == UInt8(ascii: "<"), bytes[start + 1] == UInt8(ascii: "!") { start += 4 }
        if end - start > 3, bytes[end - 1] == UInt8(ascii: ">"), bytes[end - 2] == UInt8(ascii: "-") { end -= 3 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The item's `@type`s.
    static func types(_ item: JSONObject) -> [String] {
        switch item["@type"] {
        case .string(let type): [type]
        case .array(let values): values.compactMap(\.string)
        default: []
        }
    }

    /// Whether the item is an article of some kind (`Article`, `NewsArticle`, `BlogPosting`, `Report`...).
    static func isArticle(_ item: JSONObject) -> Bool {
        types(item).contains { type in
            type.hasSuffix("Article") || type.hasSuffix("Posting") || type == "Report" || type == "Review"
        }
    }

    /// Names of people or organisations: a string, an object's `name`, or a list of them, joined by commas.
    static func names(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        let found: [String]
        switch value {
        case .string(let name): found = [name]
        case .object(let object): found = [object["name"]?.string].compactMap { $0 }
        case .array(let values): found = values.prefix(10).compactMap { names($0) }
        default: found = []
        }
        let kept = found.map { $0.trimmed() }.filter { !$0.isEmpty && !$0.contains("://") }
        return kept.isEmpty ? nil : kept.joined(separator: ", ")
    }

    /// A link: a string, an object's `url` (an `ImageObject`), or the first of a list.
    static func url(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .object(let object): object["url"]?.string ?? object["contentUrl"]?.string
        case .array(let values): values.lazy.compactMap { url($0) }.first
        default: nil
        }
    }

    /// `isAccessibleForFree` said false (as a boolean or a string).
    static func isPaywalled(_ item: JSONObject) -> Bool {
        switch item["isAccessibleForFree"] {
        case .bool(let free): !free
        case .string(let text): text.lowercased() == "false"
        default: false
        }
    }
}
