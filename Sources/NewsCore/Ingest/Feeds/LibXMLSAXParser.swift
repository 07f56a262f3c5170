import CLibXML2
import FoundationEssentials

/// Drives libxml2's SAX2 push parser over prepared bytes and hands its events to an
/// `XMLFeedReader` as raw UTF-8: no `String` is made for text nobody keeps, no dictionary for
/// attributes nobody asks for. (FoundationXML's `XMLParser` does both on every callback and
/// cost more than Python's whole parse; see the `feeds` benchmark.)
///
/// Options: recovery (go on past errors such as an unclosed `<br>` in a description), no
/// network, the encoding declaration ignored (the bytes are UTF-8 by now), and entities
/// substituted: without that, libxml2 hands attribute values over with `&amp;` rewritten as
/// `&#38;`. It is safe because `XMLPreparation` refuses every entity declaration before the
/// parser runs, so only the five predefined ones remain, and no DTD is ever loaded. Errors go
/// to the reader, never to stderr (nor do the generic ones some paths still use).
enum LibXMLSAXParser {
    /// Feeds the bytes in slices, as `xmlParseChunk` takes an `Int32` length.
    private static let chunkSize = 1 << 22

    static func parse(_ data: Data, into reader: inout XMLFeedReader) {
        guard LibXML.initialised, !data.isEmpty else { return }
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        handler.serror = structuredError
        withUnsafeMutablePointer(to: &reader) { reader in
            parse(data, handler: &handler, reader: reader)
        }
    }

    private static func parse(_ data: Data, handler: inout xmlSAXHandler, reader: UnsafeMutablePointer<XMLFeedReader>) {
        headlines_silence_libxml_generic_errors()
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: CChar.self)
            guard let base = bytes.baseAddress,
                let parser = xmlCreatePushParserCtxt(&handler, reader, nil, 0, nil)
            else { return }
            defer { xmlFreeParserCtxt(parser) }
            let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOENT.rawValue)
            xmlCtxtUseOptions(parser, options)
            reader.pointee.stop = { xmlStopParser(parser) }
            defer { reader.pointee.stop = nil }
            var offset = 0
            repeat {
                let length = min(chunkSize, bytes.count - offset)
                let isLast: Int32 = offset + length == bytes.count ? 1 : 0
                // The result repeats what the error callback said; recovery carries on regardless.
                _ = xmlParseChunk(parser, base + offset, Int32(length), isLast)
                offset += length
            } while offset < bytes.count && !reader.pointee.stopped
        }
    }
}

private func reader(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<XMLFeedReader>? {
    context?.assumingMemoryBound(to: XMLFeedReader.self)
}

private let startElement: startElementNsSAX2Func = { context, localName, prefix, uri, _, _, attributeCount, _, attributes in
    guard let reader = reader(context), let localName else { return }
    reader.pointee.startElement(
        localName: localName, prefix: prefix, uri: uri,
        attributes: XMLAttributes(values: attributes, count: Int(attributeCount))
    )
}

private let endElement: endElementNsSAX2Func = { context, localName, prefix, _ in
    guard let reader = reader(context), let localName else { return }
    reader.pointee.endElement(localName: localName, prefix: prefix)
}

private let characters: charactersSAXFunc = { context, text, length in
    guard let reader = reader(context), let text, length > 0 else { return }
    reader.pointee.characters(UnsafeBufferPointer(start: text, count: Int(length)))
}

private let structuredError: xmlStructuredErrorFunc = { context, error in
    guard let reader = reader(context), let error else { return }
    // An undeclared namespace prefix is reported, but the element still arrives, known by its prefix.
    let isNamespaceError = error.pointee.domain == Int32(XML_FROM_NAMESPACE.rawValue)
    if error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, !isNamespaceError {
        reader.pointee.errorOccurred()
    }
}

/// libxml2's attribute array for one element: five pointers each (local name, prefix, URI,
/// value start, value end), read only when asked.
struct XMLAttributes {
    let values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    var isEmpty: Bool { count == 0 }

    /// The value of `name` ("local" or "prefix:local"), predefined references already decoded.
    subscript(_ name: StaticString) -> String? {
        guard let values, count > 0 else { return nil }
        let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        let colon = wanted.firstIndex(of: UInt8(ascii: ":"))
        let wantedPrefix = colon.map { UnsafeBufferPointer(rebasing: wanted[..<$0]) }
        let wantedLocal = colon.map { UnsafeBufferPointer(rebasing: wanted[($0 + 1)...]) } ?? wanted
        for index in 0..<count {
            let entry = values + index * 5
            guard let local = entry[0], Self.equals(local, wantedLocal) else { continue }
            if let wantedPrefix {
                guard let prefix = entry[1], Self.equals(prefix, wantedPrefix) else { continue }
            } else if entry[1] != nil {
                continue
            }
            guard let start = entry[3], let end = entry[4] else { return "" }
            return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
        return nil
    }

    /// Every attribute as (qualified name, value), for writing markup back out.
    var all: [(name: String, value: String)] {
        guard let values else { return [] }
        return (0..<count).compactMap { index in
            let entry = values + index * 5
            guard let local = entry[0] else { return nil }
            let name = entry[1].map { String(cString: $0) + ":" } ?? ""
            let value = entry[3].flatMap { start in
                entry[4].map { String(decoding: UnsafeBufferPointer(start: start, count: $0 - start), as: UTF8.self) }
            }
            return (name + String(cString: local), value ?? "")
        }
    }

    /// Whether the NUL-terminated `text` is exactly `expected`.
    static func equals(_ text: UnsafePointer<xmlChar>, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<expected.count where text[index] != expected[index] { return false }
        return text[expected.count] == 0
    }
}
