import CLibXML2
import FoundationEssentials

/// The one driver of libxml2's SAX2 push parser, for feeds and OPML alike: it makes the parser,
/// sets its options, feeds it the bytes and hands every event to a `SAXReader` as raw UTF-8
/// (no `String` for text nobody keeps, no dictionary for attributes nobody asks for:
/// FoundationXML's `XMLParser` does both on every callback and cost more than Python's whole
/// parse; see the `feeds` benchmark).
///
/// Both modes use no network and substitute entities: without that, libxml2 hands attribute
/// values over with `&amp;` rewritten as `&#38;`. That is safe because the callers refuse every
/// entity declaration before the parser runs (`XMLPreparation`, `HostileXML`), so only the five
/// predefined ones remain and no DTD is ever loaded. Errors go to the reader, never to stderr
/// (nor do the generic ones some paths still use).
enum SAXDriver {
    enum Mode {
        /// A feed: go on past errors (an unclosed `<br>` in a description), ignore the encoding
        /// declaration (the bytes are UTF-8 by now), and hand over text, CDATA and whitespace.
        case recovering
        /// An OPML file: the first error stops the parse, so that an import never quietly takes
        /// half of a file; the encoding declaration is honoured (OPML files in ISO-8859-1
        /// exist); no text is read, and a reference to an entity XML does not predefine goes
        /// to the reader.
        case strict

        var options: Int32 {
            switch self {
            case .recovering:
                Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOENT.rawValue)
            case .strict:
                Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue)
            }
        }
    }

    /// Feeds the bytes in slices, as `xmlParseChunk` takes an `Int32` length.
    private static let chunkSize = 1 << 22

    static func parse<Reader: SAXReader>(_ data: Data, _ mode: Mode, into reader: inout Reader) {
        guard LibXML.initialised, !data.isEmpty else { return }
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.serror = structuredError
        switch mode {
        case .recovering:
            handler.characters = characters
            handler.ignorableWhitespace = characters
            handler.cdataBlock = characters
        case .strict:
            handler.getEntity = undefinedEntity
        }
        headlines_silence_libxml_generic_errors()
        withUnsafeMutablePointer(to: &reader) { reader in
            let session = ReaderSession(reader)
            withExtendedLifetime(session) {
                data.withUnsafeBytes { raw in
                    let bytes = raw.bindMemory(to: CChar.self)
                    let context = Unmanaged.passUnretained(session as SAXSession).toOpaque()
                    guard let base = bytes.baseAddress, let parser = xmlCreatePushParserCtxt(&handler, context, nil, 0, nil) else { return }
                    defer { xmlFreeParserCtxt(parser) }
                    xmlCtxtUseOptions(parser, mode.options)
                    session.parser = parser
                    defer { session.parser = nil }
                    var offset = 0
                    repeat {
                        let length = min(chunkSize, bytes.count - offset)
                        let isLast: Int32 = offset + length == bytes.count ? 1 : 0
                        // The result repeats what the error callback said; the reader has it.
                        _ = xmlParseChunk(parser, base + offset, Int32(length), isLast)
                        offset += length
                    } while offset < bytes.count && !reader.pointee.stopped
                }
            }
        }
    }
}

/// What the callbacks reach through libxml2's context pointer: the parser (to stop it, and for
/// line numbers) and, in the subclass, the reader.
private class SAXSession {
    var parser: xmlParserCtxtPtr?
    func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?, attributes: XMLAttributes) {}
    func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {}
    func characters(_ text: UnsafeBufferPointer<UInt8>) {}
    func syntaxError(code: Int32, line: Int32) {}
    func undefinedEntity(_ name: UnsafePointer<UInt8>?) {}
}

/// A struct reader reached through a pointer: per-callback reference counting and exclusivity
/// checks on a class reader cost more than the rest of the callback.
private final class ReaderSession<Reader: SAXReader>: SAXSession {
    let reader: UnsafeMutablePointer<Reader>
    init(_ reader: UnsafeMutablePointer<Reader>) { self.reader = reader }

    /// Stops the parser as soon as the reader has said so.
    private func stopIfAsked() {
        if reader.pointee.stopped, let parser { xmlStopParser(parser) }
    }

    override func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?, attributes: XMLAttributes) {
        reader.pointee.startElement(localName: localName, prefix: prefix, uri: uri, attributes: attributes)
        stopIfAsked()
    }

    override func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        reader.pointee.endElement(localName: localName, prefix: prefix)
        stopIfAsked()
    }

    override func characters(_ text: UnsafeBufferPointer<UInt8>) {
        reader.pointee.characters(text)
    }

    override func syntaxError(code: Int32, line: Int32) {
        reader.pointee.syntaxError(code: code, line: line)
        stopIfAsked()
    }

    override func undefinedEntity(_ name: UnsafePointer<UInt8>?) {
        reader.pointee.undefinedEntity(name.map { String(cString: $0) } ?? "", line: parser.map { xmlSAX2GetLineNumber($0) } ?? 0)
        stopIfAsked()
    }
}

private func session(_ context: UnsafeMutableRawPointer?) -> SAXSession? {
    context.map { Unmanaged<SAXSession>.fromOpaque($0).takeUnretainedValue() }
}

private let startElement: startElementNsSAX2Func = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
    guard let session = session(context), let localName else { return }
    session.startElement(localName: localName, prefix: prefix, uri: uri, attributes: XMLAttributes(values: attributes, count: Int(attributeCount)))
}

private let endElement: endElementNsSAX2Func = { context, localName, prefix, _ in
    guard let session = session(context), let localName else { return }
    session.endElement(localName: localName, prefix: prefix)
}

private let characters: charactersSAXFunc = { context, text, length in
    guard let session = session(context), let text, length > 0 else { return }
    session.characters(UnsafeBufferPointer(start: text, count: Int(length)))
}

/// Asked only for entities XML does not predefine (strict mode); with every declaration refused
/// beforehand, such a reference (HTML's `&nbsp;`, say) names nothing, and nothing is ever loaded.
private let undefinedEntity: getEntitySAXFunc = { context, name in
    session(context)?.undefinedEntity(name)
    return nil
}

private let structuredError: xmlStructuredErrorFunc = { context, error in
    guard let session = session(context), let error else { return }
    // An undeclared namespace prefix is reported, but the element still arrives, known by its prefix.
    let isNamespaceError = error.pointee.domain == Int32(XML_FROM_NAMESPACE.rawValue)
    if error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, !isNamespaceError {
        session.syntaxError(code: Int32(error.pointee.code), line: Int32(error.pointee.line))
    }
}
