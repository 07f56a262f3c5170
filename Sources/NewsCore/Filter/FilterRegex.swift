import Glibc

/// A POSIX extended regular expression compiled once by the C library's `regcomp`, ignoring
/// case (as `~` does), for `=~`. Used by the Swift evaluation and, through an SQLite function,
/// by the SQL one, so both match alike. `regexec` only reads the compiled pattern, so one
/// value may be shared between threads.
public final class FilterRegex: @unchecked Sendable, Hashable {
    /// The longest pattern compiled: `regcomp`'s cost and memory grow with it.
    public static let maxLength = 500
    static let flags = REG_EXTENDED | REG_ICASE | REG_NOSUB

    public let pattern: String
    private var compiled = regex_t()

    /// The pattern compiled, or the C library's reason it does not compile.
    public init(_ pattern: String) throws(RegexError) {
        self.pattern = pattern
        guard pattern.utf8.count <= Self.maxLength else { throw .tooLong }
        guard !pattern.utf8.contains(0) else { throw .invalid("it holds a NUL character") }
        guard !Self.hasBackReference(pattern) else { throw .backReference }
        let code = regcomp(&compiled, pattern, Self.flags)
        guard code == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(code, &compiled, &buffer, buffer.count)
            regfree(&compiled)
            throw .invalid(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased())
        }
    }

    deinit { regfree(&compiled) }

    /// Whether some part of `text` matches.
    public func matches(_ text: String) -> Bool {
        text.withCString { matches(cString: $0) }
    }

    func matches(cString: UnsafePointer<CChar>) -> Bool {
        regexec(&compiled, cString, 0, nil, 0) == 0
    }

    /// Whether the pattern holds `\1` to `\9` outside a bracket expression. glibc's `regexec`
    /// backtracks on back-references, exponentially (`(a|a?)+\1b` on a line of `a`s ran for
    /// minutes); without them it runs in time bounded by pattern length times text length, and
    /// both are capped (the pattern here, the text by the fields' limits).
    static func hasBackReference(_ pattern: String) -> Bool {
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index + 1]) { return true }
                index += 2
            case UInt8(ascii: "["):
                index = bracketEnd(bytes, from: index)
            default:
                index += 1
            }
        }
        return false
    }

    /// The index after the bracket expression starting at `start` (`[]a]`, `[^]a]`, `[[:alpha:]]`).
    private static func bracketEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count,
                [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(bytes[index + 1])
            {
                let close = bytes[index + 1]
                var probe = index + 2
                while probe + 1 < bytes.count, !(bytes[probe] == close && bytes[probe + 1] == UInt8(ascii: "]")) { probe += 1 }
                index = probe + 2
                continue
            }
            if bytes[index] == UInt8(ascii: "]") { return index + 1 }
            index += 1
        }
        return index
    }

    public enum RegexError: Error, Equatable {
        case tooLong
        /// `\1` to `\9`: refused, for the time they can take.
        case backReference
        case invalid(String)
    }

    public static func == (lhs: FilterRegex, rhs: FilterRegex) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
