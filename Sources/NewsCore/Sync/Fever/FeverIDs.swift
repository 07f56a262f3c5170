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

    /// The distinct ids of a list, read digit by digit (a 30 MB list of `1,1,1,…` costs one id,
    /// not fifteen million strings); anything that is not a positive id is skipped.
    /// - Throws: `tooMany` past `limit` distinct ids.
    static func set(_ value: JSONValue?, limit: Int) throws(TooMany) -> Set<Int64> {
        var ids = Set<Int64>()
        func add(_ id: Int64) throws(TooMany) {
            guard id > 0, ids.insert(id).inserted else { return }
            if ids.count > limit { throw TooMany() }
        }
        switch value {
        case .string(let text)?:
            var number: Int64 = 0
            var digits = 0
            var valid = true  // no other character than digits and spaces in this part
            var spaceAfterDigits = false
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let (times, overflowA) = number.multipliedReportingOverflow(by: 10)
                    let (sum, overflowB) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                    if overflowA || overflowB || spaceAfterDigits { valid = false }
                    number = sum
                    digits += 1
                case UInt8(ascii: ","):
                    if valid, digits > 0 { try add(number) }
                    (number, digits, valid, spaceAfterDigits) = (0, 0, true, false)
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    if digits > 0 { spaceAfterDigits = true }
                default:
                    valid = false
                }
            }
            if valid, digits > 0 { try add(number) }
        case .array(let values)?:
            for value in values { if let id = id(value) { try add(id) } }
        default:
            break
        }
        return ids
    }

    /// A list longer than its limit.
    struct TooMany: Error {}

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
