/// A parsed JSON document. Decoders walk it by hand so that one malformed article can be
/// skipped without losing the rest, which `Codable` makes awkward and slow.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What kind of value this is, for messages: "null", "a list", "a number"...
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var int: Int? {
        if case .number(let value) = self, value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            return Int(value)
        }
        return nil
    }

    /// A string, or a number written as a string, as some feeds do for ids.
    public var text: String? {
        switch self {
        case .string(let value): return value
        case .number(let value): return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        default: return nil
        }
    }
}
