import CLibXML2
import FoundationEssentials

/// The feeds' callbacks for `SAXDriver`: libxml2's events handed straight to an
/// `XMLFeedReader`, whose type they know, so its methods are inlined into them. (The driver's
/// own callbacks reach any `SAXReader` through closures; on the `feeds` benchmark that made the
/// whole decode 7-9% slower in CPU time, so feeds, the hot path, keep callbacks of their own,
/// and OPML uses the driver's.) The parser, its options and the feeding of the bytes are the
/// driver's (`SAXDriver.run`, recovering mode).
enum LibXMLSAXParser {
    static func parse(_ data: Data, into reader: inout XMLFeedReader) throws(LibXML.Unavailable) {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        handler.serror = structuredError
        try withUnsafeMutablePointer(to: &reader) { reader throws(LibXML.Unavailable) in
            var context = FeedParseContext(reader: reader)
            try withUnsafeMutablePointer(to: &context) { context throws(LibXML.Unavailable) in
                try SAXDriver.run(
                    data, .recovering, handler: &handler, context: context, parser: { context.pointee.parser = $0 },
                    stopped: { reader.pointee.stopped })
            }
        }
    }
}

/// What libxml2's context pointer reaches: the reader, and the parser to stop when it asks.
private struct FeedParseContext {
    let reader: UnsafeMutablePointer<XMLFeedReader>
    var parser: xmlParserCtxtPtr?

    func stopIfAsked() {
        if reader.pointee.stopped, let parser { cxml_stop_parser(parser) }
    }
}

private func context(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<FeedParseContext>? {
    raw?.assumingMemoryBound(to: FeedParseContext.self)
}

private let startElement: startElementNsSAX2Func = { raw, localName, prefix, uri, _, _, attributeCount, _, attributes in
    guard let context = context(raw), let localName else { return }
    context.pointee.reader.pointee.startElement(
        localName: localName, prefix: prefix, uri: uri, attributes: XMLAttributes(values: attributes, count: Int(attributeCount)))
    context.pointee.stopIfAsked()
}

private let endElement: endElementNsSAX2Func = { raw, localName, prefix, _ in
    guard let context = context(raw), let localName else { return }
    context.pointee.reader.pointee.endElement(localName: localName, prefix: prefix)
    context.pointee.stopIfAsked()
}

private let characters: charactersSAXFunc = { raw, text, length in
    guard let context = context(raw), let text, length > 0 else { return }
    context.pointee.reader.pointee.characters(UnsafeBufferPointer(start: text, count: Int(length)))
}

private let structuredError: xmlStructuredErrorFunc = { raw, error in
    guard let context = context(raw), let error, SAXDriver.tellsReader(error) else { return }
    context.pointee.reader.pointee.syntaxError(code: Int32(error.pointee.code), line: Int32(error.pointee.line))
    context.pointee.stopIfAsked()
}
