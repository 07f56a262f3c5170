import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads OPML 1.0 and 2.0 subscription lists with `XMLParser`.
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
        let delegate = OPMLParserDelegate()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = delegate
        let finished = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard finished else {
            let reason = parser.parserError.map { "line \(parser.lineNumber): \(Self.describe($0))" } ?? "it is not well-formed XML"
            throw OPMLParseFailure("it is not well-formed XML (\(reason))")
        }
        guard delegate.sawRoot else { throw OPMLParseFailure("it has no <opml> element") }
        return delegate.outlines
    }

    private static func describe(_ error: Error) -> String {
        let text = Sanitizer.clean((error as NSError).localizedDescription, maxLength: 200)
        return text.isEmpty ? "a syntax error" : text
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
        if data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw OPMLParseFailure("it declares XML entities, which Headlines refuses (they can expand without bound)")
        }
        guard let doctype = data.range(of: Data("<!DOCTYPE".utf8)) else { return }
        let rest = data[doctype.upperBound...].prefix { $0 != UInt8(ascii: ">") }
        let text = String(decoding: rest, as: UTF8.self)
        if text.contains("[") || text.contains("SYSTEM") || text.contains("PUBLIC") {
            throw OPMLParseFailure("its DOCTYPE refers to a DTD, which Headlines never loads")
        }
    }
}
