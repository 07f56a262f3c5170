import CLibXML2
import FoundationEssentials

/// The one driver of libxml2's SAX2 push parser, for feeds and OPML alike: it makes the parser,
/// sets its options and feeds it the bytes (`run`), and `parse` hands every event to a
/// `SAXReader` as raw UTF-8 (no `String` for text nobody keeps, no dictionary for attributes
/// nobody asks for: FoundationXML's `XMLParser` does both on every callback and cost more than
/// Python's whole parse; see the `feeds` benchmark). Feeds bring callbacks made for their reader
/// alone (`LibXMLSAXParser`), as the closures that reach any reader cost their parse 7-9%.
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

    static func parse<Reader: SAXReader>(_ data: Data, _ mode: Mode, into reader: inout Reader) throws(LibXML.Unavailable) {
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
        try withUnsafeMutablePointer(to: &reader) { reader throws(LibXML.Unavailable) in
            var session = SAXSession(reader: reader)
            try withUnsafeMutablePointer(to: &session) { session throws(LibXML.Unavailable) in
                try run(data, mode, handler: &handler, context: session, parser: { session.pointee.parser = $0 }, stopped: { reader.pointee.stopped })
            }
        }
    }

    /// Makes the push parser with `handler` and `context`, sets the mode's options and feeds it
    /// the bytes until they end or `stopped` says so. `parser` is told the parser while it runs,
    /// and nil after. Every reader's parse goes through here; the feeds' `LibXMLSAXParser`
    /// brings callbacks of its own, made for `XMLFeedReader` alone (see there). Throws when
    /// libxml2 cannot be loaded.
    static func run(
        _ data: Data, _ mode: Mode, handler: inout xmlSAXHandler, context: UnsafeMutableRawPointer,
        parser setParser: (xmlParserCtxtPtr?) -> Void, stopped: () -> Bool
    ) throws(LibXML.Unavailable) {
        if case .failure(let unavailable) = LibXML.loaded { throw unavailable }
        guard !data.isEmpty else { return }
        cxml_silence_generic_errors()
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: CChar.self)
            guard let base = bytes.baseAddress, let parser = cxml_create_push_parser(&handler, context) else { return }
            defer { cxml_free_parser(parser) }
            cxml_use_options(parser, mode.options)
            setParser(parser)
            defer { setParser(nil) }
            var offset = 0
            repeat {
                let length = min(chunkSize, bytes.count - offset)
                let isLast: Int32 = offset + length == bytes.count ? 1 : 0
                // The result repeats what the error callback said; the reader has it.
                _ = cxml_parse_chunk(parser, base + offset, Int32(length), isLast)
                offset += length
            } while offset < bytes.count && !stopped()
        }
    }

    /// Whether libxml2's error is one to tell the reader: an error or worse, and not an
    /// undeclared namespace prefix (reported, but the element still arrives, known by its prefix).
    static func tellsReader(_ error: UnsafePointer<xmlError>) -> Bool {
        error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue && error.pointee.domain != Int32(XML_FROM_NAMESPACE.rawValue)
    }
}

/// What the callbacks reach through libxml2's context pointer: the reader, the parser (to stop
/// it, and for line numbers), and the reader's methods as closures made inside the generic
/// `parse`, so that they are specialised for the reader's type. (A generic class's overrides are
/// not, and cost the feed parse a fifth of its time.) Each event closure answers whether the
/// reader has asked to stop.
private struct SAXSession {
    typealias Start = (UnsafeMutableRawPointer, UnsafePointer<UInt8>, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, XMLAttributes) -> Bool
    typealias End = (UnsafeMutableRawPointer, UnsafePointer<UInt8>, UnsafePointer<UInt8>?) -> Bool
    typealias Characters = (UnsafeMutableRawPointer, UnsafeBufferPointer<UInt8>) -> Void
    typealias SyntaxError = (UnsafeMutableRawPointer, Int32, Int32) -> Bool
    typealias UndefinedEntity = (UnsafeMutableRawPointer, String, Int32) -> Bool

    let reader: UnsafeMutableRawPointer
    var parser: xmlParserCtxtPtr?
    let startElement: Start
    let endElement: End
    let characters: Characters
    let syntaxError: SyntaxError
    let undefinedEntity: UndefinedEntity

    init<Reader: SAXReader>(reader: UnsafeMutablePointer<Reader>) {
        self.reader = UnsafeMutableRawPointer(reader)
        startElement = { raw, localName, prefix, uri, attributes in
            let reader = raw.assumingMemoryBound(to: Reader.self)
            reader.pointee.startElement(localName: localName, prefix: prefix, uri: uri, attributes: attributes)
            return reader.pointee.stopped
        }
        endElement = { raw, localName, prefix in
            let reader = raw.assumingMemoryBound(to: Reader.self)
            reader.pointee.endElement(localName: localName, prefix: prefix)
            return reader.pointee.stopped
        }
        characters = { raw, text in raw.assumingMemoryBound(to: Reader.self).pointee.characters(text) }
        syntaxError = { raw, code, line in
            let reader = raw.assumingMemoryBound(to: Reader.self)
            reader.pointee.syntaxError(code: code, line: line)
            return reader.pointee.stopped
        }
        undefinedEntity = { raw, name, line in
            let reader = raw.assumingMemoryBound(to: Reader.self)
            reader.pointee.undefinedEntity(name, line: line)
            return reader.pointee.stopped
        }
    }

    /// Stops libxml2 when the reader has asked to.
    func stop(if asked: Bool) {
        if asked, let parser { cxml_stop_parser(parser) }
    }
}

private func session(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<SAXSession>? {
    context?.assumingMemoryBound(to: SAXSession.self)
}

private let startElement: startElementNsSAX2Func = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
    guard let session = session(context), let localName else { return }
    let attributes = XMLAttributes(values: attributes, count: Int(attributeCount))
    session.pointee.stop(if: session.pointee.startElement(session.pointee.reader, localName, prefix, uri, attributes))
}

private let endElement: endElementNsSAX2Func = { context, localName, prefix, _ in
    guard let session = session(context), let localName else { return }
    session.pointee.stop(if: session.pointee.endElement(session.pointee.reader, localName, prefix))
}

private let characters: charactersSAXFunc = { context, text, length in
    guard let session = session(context), let text, length > 0 else { return }
    session.pointee.characters(session.pointee.reader, UnsafeBufferPointer(start: text, count: Int(length)))
}

/// Asked only for entities XML does not predefine (strict mode); with every declaration refused
/// beforehand, such a reference (HTML's `&nbsp;`, say) names nothing, and nothing is ever loaded.
private let undefinedEntity: getEntitySAXFunc = { context, name in
    guard let session = session(context) else { return nil }
    let line = session.pointee.parser.map { cxml_line_number($0) } ?? 0
    let asked = session.pointee.undefinedEntity(session.pointee.reader, name.map { String(cString: $0) } ?? "", line)
    session.pointee.stop(if: asked)
    return nil
}

private let structuredError: xmlStructuredErrorFunc = { context, error in
    guard let session = session(context), let error else { return }
    if SAXDriver.tellsReader(error) {
        session.pointee.stop(if: session.pointee.syntaxError(session.pointee.reader, Int32(error.pointee.code), Int32(error.pointee.line)))
    }
}
