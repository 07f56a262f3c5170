import FoundationEssentials

/// A flat JSON object for an API request (TT-RSS takes one per call): names and values of the
/// three kinds the APIs need, written with every string escaped.
struct JSONRequestBody: Sendable {
    enum Value: Sendable {
        case int(Int64)
        case bool(Bool)
        case string(String)
    }

    private(set) var members: [(name: String, value: Value)] = []

    init(_ members: [(String, Value)] = []) {
        self.members = members.map { (name: $0.0, value: $0.1) }
    }

    mutating func set(_ name: String, _ value: Value) {
        members.removeAll { $0.name == name }
        members.append((name, value))
    }

    var data: Data {
        var text = "{"
        for (index, member) in members.enumerated() {
            if index > 0 { text += "," }
            text += Self.quoted(member.name) + ":"
            switch member.value {
            case .int(let number): text += String(number)
            case .bool(let flag): text += flag ? "true" : "false"
            case .string(let string): text += Self.quoted(string)
            }
        }
        text += "}"
        return Data(text.utf8)
    }

    /// A JSON string: quotes, backslashes and every control character escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
