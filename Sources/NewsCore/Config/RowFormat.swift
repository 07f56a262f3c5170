/// A list row laid out as newsboat's `articlelist-format` and `feedlist-format` write it:
/// text, `%X` (a field), `%-17X` and `%4X` (a field left- or right-aligned in that many columns,
/// cut to them), `%?X?then&else?` (`then` when field X is not empty, else `else`), `%>c` (what
/// follows is pushed to the right edge, the gap filled with `c`), and `%%`. Only the codes that
/// mean something here are taken (`Code`); another is refused with the list of those that are.
public struct RowFormat: Sendable, Hashable {
    /// Which list a format lays out.
    public enum Kind: String, Sendable {
        case articles = "articlelist-format"
        case sources = "feedlist-format"

        /// The codes this list's rows have, with what each holds (for messages and the docs).
        public var codes: [(Character, String)] {
            switch self {
            case .articles:
                return [
                    ("i", "the row's number"), ("f", "the marks: * starred, N new or • unread, ♪ an enclosure"),
                    ("D", "the date (datetime-format, else the age)"), ("t", "the title"), ("a", "the author"),
                    ("T", "the source's name (in a list of several)"), ("L", "the text's length"),
                ]
            case .sources:
                return [
                    ("i", "the row's number"), ("n", "N when it has unread articles"), ("S", "x when its last load failed, . while it loads"),
                    ("u", "unread/total, as (5/20)"),
                    ("U", "the unread count"), ("c", "the article count"), ("t", "the name"), ("T", "the first tag"),
                    ("l", "the address"),
                ]
            }
        }
    }

    public enum Part: Sendable, Hashable {
        case text(String)
        /// A field; `width` 0: as long as it is; `leftAligned`: padded on the right.
        case field(Character, width: Int, leftAligned: Bool)
        case ifPresent(Character, then: [Part], else: [Part])
        /// What follows goes to the right edge, the gap filled with this character.
        case fill(Character)
    }

    public let kind: Kind
    public let parts: [Part]
    /// The text as the config wrote it.
    public let text: String

    /// Whether the format shows field `code` anywhere (in a condition's branches too).
    public func shows(_ code: Character) -> Bool {
        func search(_ parts: [Part]) -> Bool {
            parts.contains { part in
                switch part {
                case .field(let field, _, _): return field == code
                case .ifPresent(let field, let then, let otherwise): return field == code || search(then) || search(otherwise)
                case .text, .fill: return false
                }
            }
        }
        return search(parts)
    }

    /// Why a format was refused, as the end of the config's line error.
    public struct Mistake: Error, Sendable, Equatable {
        public let reason: String
    }

    public init(_ text: String, kind: Kind) throws(Mistake) {
        self.kind = kind
        self.text = text
        guard text.count <= 500 else { throw Mistake(reason: "\(kind.rawValue) is longer than 500 characters") }
        var reader = Reader(characters: Array(text), kind: kind)
        parts = try reader.parts(until: []).parts
    }

    /// Walks the format's characters.
    private struct Reader {
        let characters: [Character]
        let kind: Kind
        var index = 0

        /// Parts up to (and past) one of `ends`, or to the end of the text; which end it was.
        mutating func parts(until ends: Set<Character>) throws(Mistake) -> (parts: [Part], end: Character?) {
            var parts: [Part] = []
            var text = ""
            func flush() {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
            }
            while index < characters.count {
                let character = characters[index]
                index += 1
                if ends.contains(character) {
                    flush()
                    return (parts, character)
                }
                guard character == "%" else {
                    text.append(character)
                    continue
                }
                guard index < characters.count else { throw Mistake(reason: "\(kind.rawValue) ends with a lone %") }
                let next = characters[index]
                if next == "%" {
                    text.append("%")
                    index += 1
                    continue
                }
                flush()
                if next == ">" {
                    index += 1
                    guard index < characters.count else { throw Mistake(reason: "\(kind.rawValue): %> needs the character to fill with") }
                    parts.append(.fill(characters[index]))
                    index += 1
                } else if next == "?" {
                    index += 1
                    guard index < characters.count else { throw Mistake(reason: "\(kind.rawValue): %? needs a field") }
                    let code = try known(characters[index])
                    index += 1
                    guard index < characters.count, characters[index] == "?" else {
                        throw Mistake(reason: "\(kind.rawValue): %?\(code) is written %?\(code)?then&else?")
                    }
                    index += 1
                    let then = try self.parts(until: ["&", "?"])
                    let otherwise = then.end == "&" ? try self.parts(until: ["?"]).parts : []
                    parts.append(.ifPresent(code, then: then.parts, else: otherwise))
                } else {
                    var leftAligned = false
                    if characters[index] == "-" {
                        leftAligned = true
                        index += 1
                    }
                    var width = 0
                    while index < characters.count, let digit = characters[index].wholeNumberValue, characters[index].isASCII {
                        width = min(width * 10 + digit, 1000)
                        index += 1
                    }
                    guard index < characters.count else { throw Mistake(reason: "\(kind.rawValue) ends inside a % field") }
                    parts.append(.field(try known(characters[index]), width: width, leftAligned: leftAligned))
                    index += 1
                }
            }
            flush()
            return (parts, nil)
        }

        func known(_ code: Character) throws(Mistake) -> Character {
            guard kind.codes.contains(where: { $0.0 == code }) else {
                let codes = kind.codes.map { "%\($0.0)" }.joined(separator: " ")
                throw Mistake(reason: "\(kind.rawValue): %\(code) means nothing here (its codes: \(codes))")
            }
            return code
        }
    }
}
