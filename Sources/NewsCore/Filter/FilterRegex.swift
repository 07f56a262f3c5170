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

    public enum RegexError: Error, Equatable {
        case tooLong
        case invalid(String)
    }

    public static func == (lhs: FilterRegex, rhs: FilterRegex) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
