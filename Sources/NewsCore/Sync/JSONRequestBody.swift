import FoundationEssentials

/// A flat JSON object for an API request (TT-RSS takes one per call; Miniflux and Nextcloud News
/// take lists of ids): names and values of the kinds the APIs need, written with every string escaped
/// (by `JSONStringLiteral`, the one JSON string writer).
struct JSONRequestBody: Sendable {
    enum Value: Sendable {
        case int(Int64)
        case bool(Bool)
        case string(String)
        case ints([Int64])
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
            text += JSONStringLiteral.quoted(member.name) + ":"
            switch member.value {
            case .int(let number): text += String(number)
            case .bool(let flag): text += flag ? "true" : "false"
            case .string(let string): text += JSONStringLiteral.quoted(string)
            case .ints(let numbers): text += "[" + numbers.map(String.init).joined(separator: ",") + "]"
            }
        }
        text += "}"
        return Data(text.utf8)
    }
}
