/// The shapes Fever servers give ids and flags in: numbers, or numbers written as strings
/// (FreshRSS's item ids exceed what a JSON number holds exactly), and id lists as one
/// comma-separated string ("1,2,3", "" when empty) or, from some servers, a JSON list.
enum FeverIDs {
    /// A positive id, as a number or a string of digits.
    static func id(_ value: JSONValue?) -> Int64? {
        guard let text = value?.text, let id = Int64(text.trimmedASCIISpaces), id > 0 else { return nil }
        return id
    }

    /// The ids of a list; anything that is not a positive id is skipped.
    static func list(_ value: JSONValue?) -> [Int64] {
        switch value {
        case .string(let text)?:
            return text.split(separator: ",").compactMap { part in Int64(String(part).trimmedASCIISpaces).flatMap { $0 > 0 ? $0 : nil } }
        case .array(let values)?:
            return values.compactMap(id)
        default:
            return []
        }
    }

    /// A Fever flag (`auth`, `is_read`, `is_saved`): 1, "1" or true.
    static func flag(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag)?: return flag
        case .number(let number)?: return number == 1
        case .string(let text)?: return text.trimmedASCIISpaces == "1"
        default: return false
        }
    }
}

extension String {
    /// Without spaces and tabs at either end (FoundationEssentials has no `trimmingCharacters`).
    fileprivate var trimmedASCIISpaces: String {
        var slice = Substring(self)
        while slice.first == " " || slice.first == "\t" { slice.removeFirst() }
        while slice.last == " " || slice.last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
