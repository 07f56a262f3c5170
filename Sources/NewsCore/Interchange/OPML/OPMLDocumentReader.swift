import FoundationEssentials

/// Hands the elements of an OPML document (already checked by `HostileXML`) to an
/// `OPMLOutlineWalker`, through `SAXDriver` in its strict mode: the first error or refusal
/// stops the parse, so that an import never quietly takes half of a file.
struct OPMLDocumentReader: SAXReader {
    private(set) var walker = OPMLOutlineWalker()
    /// Why the file was refused, when it was.
    private(set) var failure: OPMLParseFailure?
    /// The first syntax error: libxml2's code and the line it was found on.
    private(set) var firstSyntaxError: (code: Int32, line: Int32)?

    var stopped: Bool { failure != nil }

    static func read(_ data: Data) throws(OPMLParseFailure) -> OPMLDocumentReader {
        var reader = OPMLDocumentReader()
        do {
            try SAXDriver.parse(data, .strict, into: &reader)
        } catch {
            throw OPMLParseFailure("it could not be read: \(error.reason)")
        }
        return reader
    }

    mutating func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?, attributes: XMLAttributes) {
        guard failure == nil else { return }
        do throws(OPMLParseFailure) {
            try walker.start(Self.qualifiedName(localName, prefix), attributes: attributes.all)
        } catch {
            failure = error
        }
    }

    mutating func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        guard failure == nil else { return }
        walker.end(Self.qualifiedName(localName, prefix))
    }

    mutating func syntaxError(code: Int32, line: Int32) {
        if firstSyntaxError == nil { firstSyntaxError = (code, line) }
    }

    mutating func undefinedEntity(_ name: String, line: Int32) {
        guard failure == nil else { return }
        failure = OPMLParseFailure("it is not well-formed XML (line \(line): the undefined entity &\(Sanitizer.clean(name, maxLength: 40));)")
    }
}
