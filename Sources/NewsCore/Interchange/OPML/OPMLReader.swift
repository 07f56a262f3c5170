import FoundationEssentials

/// Reads OPML 1.0 and 2.0 subscription lists with libxml2 (`OPMLDocumentReader`).
///
/// Hostile files are refused before the parser sees them: no entity declarations (the
/// "billion laughs" bomb), no DOCTYPE that names an external DTD or carries its own subset, no
/// UTF-16 or UTF-32 (which would hide both from the check), nothing over `maxSize`. External
/// entities are never resolved, and outlines nest at most `maxDepth` deep.
public enum OPMLReader {
    public static let maxSize = 10 * 1024 * 1024
    static let maxDepth = 64
    static let maxOutlines = 100_000

    /// The feeds in `data`; the error's text is a reason to follow "is not a usable OPML file: ".
    public static func parse(_ data: Data) throws(OPMLParseFailure) -> OPMLOutlines {
        guard data.count <= maxSize else { throw OPMLParseFailure("it is larger than \(ByteCount.describe(maxSize))") }
        try HostileXML.check(data)
        let run = try OPMLDocumentReader.read(data)
        if let failure = run.failure { throw failure }
        if let syntax = run.firstSyntaxError {
            throw OPMLParseFailure("it is not well-formed XML (line \(syntax.line): \(describe(syntax.code)))")
        }
        guard run.walker.sawRoot else { throw OPMLParseFailure("it has no <opml> element") }
        return run.walker.outlines
    }

    /// The parser's error in words, from libxml2's code (`xmlParserErrors`).
    static func describe(_ code: Int32) -> String {
        switch code {
        case 4: return "no XML at all"
        case 5: return "text after the end of the document"
        case 9: return "a character that XML does not allow"
        case 23: return "an entity without its closing ;"
        case 26, 27: return "an undefined entity"
        case 39...42: return "a broken attribute"
        case 73, 74: return "a broken tag"
        case 76: return "a closing tag that does not match the open one"
        case 77: return "an element that is never closed"
        default: return "XML error \(code)"
        }
    }
}

/// A reason an OPML document was refused.
public struct OPMLParseFailure: Error, Sendable, Equatable {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Byte-level checks made before any XML parser runs.
enum HostileXML {
    static func check(_ data: Data) throws(OPMLParseFailure) {
        let bytes = [UInt8](data.prefix(4))
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.contains(0) {
            throw OPMLParseFailure("it is in UTF-16 or UTF-32; save it as UTF-8")
        }
        if data.firstRange(of: Data("<!ENTITY".utf8)) != nil {
            throw OPMLParseFailure("it declares XML entities, which Headlines refuses (they can expand without bound)")
        }
        guard let doctype = data.firstRange(of: Data("<!DOCTYPE".utf8)) else { return }
        let rest = data[doctype.upperBound...].prefix { $0 != UInt8(ascii: ">") }
        let text = String(decoding: rest, as: UTF8.self)
        if text.containsBytes(of: "[") || text.containsBytes(of: "SYSTEM") || text.containsBytes(of: "PUBLIC") {
            throw OPMLParseFailure("its DOCTYPE refers to a DTD, which Headlines never loads")
        }
    }
}
