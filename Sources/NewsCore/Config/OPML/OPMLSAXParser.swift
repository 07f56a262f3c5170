import CLibXML2
import FoundationEssentials

/// Runs libxml2's SAX2 parser over an OPML document (already checked by `HostileXML`) and
/// hands its elements to an `OPMLOutlineWalker`. Strict, unlike the feed parser: the first
/// error stops it, so that an import never quietly takes half of a file.
///
/// Options: no network; entities substituted (only the five predefined ones can remain, and
/// without this, attribute values arrive with `&amp;` written back as `&#38;`). The file's
/// encoding declaration is honoured (OPML files in ISO-8859-1 exist).
enum OPMLSAXParser {
    /// The walk's outcome: the outlines, or why the file was refused.
    final class Run {
        var walker = OPMLOutlineWalker()
        var failure: OPMLParseFailure?
        /// The first syntax error: libxml2's code and the line it was found on.
        var syntaxError: (code: Int32, line: Int32)?
        fileprivate var context: xmlParserCtxtPtr?

        fileprivate func refuse(_ failure: OPMLParseFailure) {
            if self.failure == nil { self.failure = failure }
            if let context { xmlStopParser(context) }
        }

        fileprivate var line: Int32 { context.map { xmlSAX2GetLineNumber($0) } ?? 0 }
    }

    static func parse(_ data: Data) -> Run {
        let run = Run()
        guard LibXML.initialised, !data.isEmpty, data.count <= Int(Int32.max) else { return run }
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.getEntity = undefinedEntity
        handler.serror = structuredError
        let unmanaged = Unmanaged.passRetained(run)
        defer { unmanaged.release() }
        headlines_silence_libxml_generic_errors()
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: CChar.self).baseAddress,
                let context = xmlCreatePushParserCtxt(&handler, unmanaged.toOpaque(), nil, 0, nil)
            else { return }
            defer { xmlFreeParserCtxt(context) }
            xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue))
            run.context = context
            defer { run.context = nil }
            // The outcome is in `run`: the error callback has recorded any failure.
            _ = xmlParseChunk(context, base, Int32(raw.count), 1)
        }
        return run
    }
}

private func run(_ context: UnsafeMutableRawPointer?) -> OPMLSAXParser.Run? {
    context.map { Unmanaged<OPMLSAXParser.Run>.fromOpaque($0).takeUnretainedValue() }
}

private func qualifiedName(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) -> String {
    (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: localName)
}

private let startElement: startElementNsSAX2Func = { context, localName, prefix, _, _, _, attributeCount, _, attributes in
    guard let run = run(context), let localName, run.failure == nil else { return }
    do throws(OPMLParseFailure) {
        try run.walker.start(qualifiedName(localName, prefix), attributes: XMLAttributes(values: attributes, count: Int(attributeCount)).all)
    } catch {
        run.refuse(error)
    }
}

private let endElement: endElementNsSAX2Func = { context, localName, prefix, _ in
    guard let run = run(context), let localName, run.failure == nil else { return }
    run.walker.end(qualifiedName(localName, prefix))
}

/// Asked only for entities XML does not predefine; with every declaration refused beforehand,
/// such a reference (HTML's `&nbsp;`, say) names nothing, and nothing is ever loaded for it.
private let undefinedEntity: getEntitySAXFunc = { context, name in
    guard let run = run(context) else { return nil }
    let entity = name.map { Sanitizer.clean(String(cString: $0), maxLength: 40) } ?? ""
    run.refuse(OPMLParseFailure("it is not well-formed XML (line \(run.line): the undefined entity &\(entity);)"))
    return nil
}

private let structuredError: xmlStructuredErrorFunc = { context, error in
    guard let run = run(context), let error, run.syntaxError == nil else { return }
    // Namespaces are not OPML's concern: an undeclared prefix still gives its element.
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, error.pointee.domain != Int32(XML_FROM_NAMESPACE.rawValue) else { return }
    run.syntaxError = (Int32(error.pointee.code), Int32(error.pointee.line))
}
