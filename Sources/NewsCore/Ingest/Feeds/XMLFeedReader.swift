import FoundationEssentials

/// Reads RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom 1.0 (and 0.3) into a `RawFeed` from the SAX
/// events `LibXMLSAXParser` sends. This file holds the mechanics (the element stack, `xml:base`
/// scopes, capturing a field's text); `XMLFeedReader+Vocabulary` says what each element means.
///
/// The parser runs in recovery mode, so it goes on past most errors; an item counts only once
/// its end tag has been seen, so a feed cut off mid-item loses just that item.
///
/// A struct that the parser driver reaches through a pointer: per-callback reference counting
/// and exclusivity checks on a class cost more than the rest of the callback.
struct XMLFeedReader: SAXReader {
    /// `cdf`: Microsoft's Channel Definition Format (1997), `<CHANNEL>` of `<ITEM HREF LASTMOD>`,
    /// which feedparser still reads.
    enum Format: Equatable { case rss, rdf, atom, cdf }

    /// What an open element is, for its children.
    enum Frame: Equatable {
        case root, channel, item, feedAuthor, itemAuthor, field, markup, other
    }

    /// Which field a captured text goes to.
    enum CaptureField {
        case feedTitle(isHTML: Bool), feedLink, feedAuthor
        case title(isHTML: Bool, rank: Int), link(rank: Int), guid(isPermaLink: Bool), date(rank: Int)
        /// An Atom `rel="enclosure"` link written as element text, without `href`.
        case enclosureLink(type: String?, byteSize: Int64?)
        case summary(isHTML: Bool, rank: Int), content(isHTML: Bool), author(rank: Int), duration
    }

    /// The text of the field being read (UTF-8), with any markup inside it written back out.
    struct Capture {
        var field: CaptureField
        var text: [UInt8] = []
        /// XHTML content: its text was unescaped by the parser and must be escaped again.
        var escapesText: Bool
        /// Atom 0.3's `mode="base64"`: the text is the base64 of the field's.
        var isBase64 = false
        /// A text in a type that is not text: base64 only when it strictly is (`strictBase64Text`).
        var mayBeBase64 = false
        var base: URL?
    }

    var feed = RawFeed()
    private(set) var format: Format?
    /// The root element's name, when it is not a feed's (for the error message).
    private(set) var foreignRoot: String?
    private(set) var rootClosed = false
    /// Whether the parser met an error (a namespace slip aside): the document is not clean
    /// XML in UTF-8, and recovery may have dropped something.
    private(set) var sawError = false
    /// Stop at the first error (for the first, optimistic read of a feed).
    var stopsAtError = false
    let maximumItems: Int
    /// Whether reading stopped at `maximumItems`.
    private(set) var reachedItemLimit = false

    let documentURL: URL?
    var stack: [Frame] = []
    private var bases: [(depth: Int, url: URL)] = []
    var item: RawItem?
    var capture: Capture?
    /// The capture buffer, kept between fields so that each field does not allocate its own.
    private var scratch: [UInt8] = []
    /// Namespace URIs seen so far (libxml2 interns them: one pointer per URI) and what they are.
    private var namespaces: [(uri: UnsafePointer<UInt8>, namespace: XMLNamespace)] = []
    /// Ends the parse (a root that is not a feed's, the item limit, an error when stopping at one).
    private(set) var stopped = false

    init(documentURL: URL?, stopsAtError: Bool = false, maximumItems: Int = RawFeed.maximumItems) {
        self.documentURL = documentURL
        self.stopsAtError = stopsAtError
        self.maximumItems = maximumItems
    }

    /// Parses `data` (prepared by `XMLPreparation`); returns whether the root element was a feed's.
    mutating func read(_ data: Data) throws(NewsError) -> Bool {
        do {
            try LibXMLSAXParser.parse(data, into: &self)
        } catch {
            throw .invalidDocument(error.reason)
        }
        return format != nil
    }

    /// The `xml:base` in force, when one was given.
    var currentBase: URL? { bases.last?.url }

    // MARK: - Events

    mutating func startElement(
        localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?, attributes: XMLAttributes
    ) {
        if capture != nil {
            capture?.openTag(Self.qualifiedName(localName, prefix), attributes: attributes.all)
            stack.append(.markup)
            return
        }
        let depth = stack.count
        if !attributes.isEmpty, let base = attributes["xml:base"],
            let url = URL(string: base, relativeTo: currentBase ?? documentURL)?.absoluteURL
        {
            bases.append((depth, url))
        }
        let name = String(cString: localName)
        let namespace = self.namespace(uri: uri, prefix: prefix)
        guard let format else {
            guard let found = Self.format(root: name, namespace: namespace) else {
                foreignRoot = Self.qualifiedName(localName, prefix)
                stopped = true
                return
            }
            format = found
            // Atom's and CDF's root is the channel itself.
            stack.append(found == .atom || found == .cdf ? .channel : .root)
            return
        }
        stack.append(frame(for: name, in: namespace, format: format, attributes: attributes))
    }

    mutating func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        guard let frame = stack.popLast() else { return }
        let depth = stack.count
        switch frame {
        case .markup:
            capture?.closeTag(Self.qualifiedName(localName, prefix))
            return
        case .field:
            if var capture = capture.take() {
                finish(capture)
                capture.text.removeAll(keepingCapacity: true)
                scratch = capture.text
            }
        case .item:
            if let item = item.take() { feed.items.append(item) }
            if feed.items.count >= maximumItems {
                reachedItemLimit = true
                stopped = true
            }
        default:
            break
        }
        if bases.last?.depth == depth { bases.removeLast() }
        if depth == 0 { rootClosed = true }
    }

    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard capture != nil else { return }
        capture?.append(text)
    }

    mutating func syntaxError(code: Int32, line: Int32) {
        sawError = true
        if stopsAtError {
            stopped = true
        }
    }

    private mutating func namespace(uri: UnsafePointer<UInt8>?, prefix: UnsafePointer<UInt8>?) -> XMLNamespace {
        guard let uri else { return XMLNamespace(undeclaredPrefix: prefix.map { String(cString: $0) }) }
        if let known = namespaces.first(where: { $0.uri == uri }) { return known.namespace }
        let namespace = XMLNamespace(uri: String(cString: uri))
        namespaces.append((uri, namespace))
        return namespace
    }

    // MARK: - Captures

    /// Starts reading the text of the element just opened into `field`.
    mutating func startCapture(_ field: CaptureField, escapesText: Bool = false, isBase64: Bool = false, mayBeBase64: Bool = false) -> Frame {
        capture = Capture(
            field: field, text: scratch, escapesText: escapesText, isBase64: isBase64, mayBeBase64: mayBeBase64, base: currentBase)
        scratch = []
        return .field
    }

    private mutating func finish(_ capture: Capture) {
        let decoded =
            capture.isBase64
            ? Self.base64Decoded(capture.text) : capture.mayBeBase64 ? Self.strictBase64Text(capture.text) ?? capture.text : capture.text
        let bytes = Self.windows1252Mended(decoded)
        /// The whole text, or trimmed of XML whitespace (links, GUIDs, names), made once.
        func text(trimmed: Bool = false) -> String {
            guard trimmed else { return String(decoding: bytes, as: UTF8.self) }
            let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
            let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
            let end = bytes.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        switch capture.field {
        case .feedTitle(let isHTML):
            if feed.title == nil { feed.title = RawText(text: text(), isHTML: isHTML) }
        case .feedLink:
            if feed.siteLink == nil { feed.siteLink = RawLink(text: text(trimmed: true), base: capture.base) }
        case .feedAuthor:
            if feed.author == nil { feed.author = text(trimmed: true) }
        case .title(let isHTML, let rank):
            item?.offerTitle(RawText(text: text(), isHTML: isHTML), rank: rank)
        case .link(let rank):
            item?.offerLink(RawLink(text: text(trimmed: true), base: capture.base), rank: rank)
        case .enclosureLink(let type, let byteSize):
            let link = RawLink(text: text(trimmed: true), base: capture.base)
            guard !link.text.isEmpty else { break }
            if Self.isImage(type: type, medium: nil, url: nil) {
                item?.offerImage(link, rank: 3)
            } else if Self.isFile(type: type, url: link.text) {
                item?.offerEnclosure(RawEnclosure(link: link, type: type, byteSize: byteSize), rank: 0)
            }
        case .guid(let isPermaLink):
            let guid = text(trimmed: true)
            item?.guid = guid
            if isPermaLink { item?.permalink = RawLink(text: guid, base: capture.base) }
        case .date(let rank):
            // Read from the bytes: no string is made for a date.
            let date = bytes.withUnsafeBufferPointer { FeedDate.parse(bytes: $0) }
            if let date { item?.offerDate(date, rank: rank) }
        case .summary(let isHTML, let rank):
            item?.offerSummary(RawText(text: text(), isHTML: isHTML), rank: rank)
        case .content(let isHTML):
            if item?.content == nil {
                item?.content = RawText(text: text(), isHTML: isHTML)
                item?.contentBase = capture.base
            }
        case .author(let rank):
            item?.offerAuthor(text(trimmed: true), rank: rank)
        case .duration:
            if let seconds = EnclosureNumbers.duration(text(trimmed: true)) { item?.duration = seconds }
        }
    }

    /// U+0080...U+009F (C1 controls, which no text means) as windows-1252's characters, HTML's
    /// rule for `&#128;`...`&#159;`: the parser turns `don&#146;t` into a C1 control, which the
    /// sanitizer would drop ("dont"), in a feed that is valid XML and so never rewritten by
    /// `XMLPreparation`. The same string when there is none (the usual case).
    static func windows1252Mended(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(where: { $0 == 0xC2 }) else { return bytes }
        var result = Array(bytes[..<first])
        result.reserveCapacity(bytes.count + 8)
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]),
                let mapped = HTMLEntities.windows1252[Int(bytes[index + 1] - 0x80)]
            {
                result += String(mapped).utf8
                index += 2
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    /// The UTF-8 text that `text` is the base64 of, when it strictly is: only the base64
    /// alphabet and whitespace, whole quads, padding only at the end, and valid UTF-8 with no
    /// controls once decoded. Nil otherwise ("Hello" and "Die Rückkehr" are text, not base64).
    static func strictBase64Text(_ text: [UInt8]) -> [UInt8]? {
        var count = 0
        var padding = 0
        for byte in text {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F:
                guard padding == 0 else { return nil }
                count += 1
            case 0x3D:
                padding += 1
                count += 1
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
        }
        guard count > 0, count % 4 == 0, padding <= 2,
            let data = Data(base64Encoded: Data(text), options: .ignoreUnknownCharacters)
        else { return nil }
        let bytes = Array(data)
        guard String(validating: bytes, as: UTF8.self) != nil,
            !bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
        else { return nil }
        return bytes
    }

    /// Base64 text as the bytes it encodes (whitespace and line breaks allowed); nothing when
    /// it is not base64.
    static func base64Decoded(_ text: [UInt8]) -> [UInt8] {
        Data(base64Encoded: Data(text), options: .ignoreUnknownCharacters).map { Array($0) } ?? []
    }

    /// `text` without XML whitespace at either end; the same string when there is none.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) else { return text }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }), let end = utf8.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(text[start...end])
    }
}

extension XMLFeedReader.Capture {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard escapesText else {
            text.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): text += "&amp;".utf8
            case UInt8(ascii: "<"): text += "&lt;".utf8
            case UInt8(ascii: ">"): text += "&gt;".utf8
            default: text.append(byte)
            }
        }
    }

    /// Writes a start tag met inside the field back out (XHTML content, or markup a feed left
    /// unescaped in a description).
    mutating func openTag(_ name: String, attributes: [(name: String, value: String)]) {
        text += "<".utf8
        text += name.utf8
        for (key, value) in attributes {
            text += " ".utf8
            text += key.utf8
            text += "=\"".utf8
            text += XMLText.escape(value).utf8
            text += "\"".utf8
        }
        text += ">".utf8
    }

    mutating func closeTag(_ name: String) {
        text += "</".utf8
        text += name.utf8
        text += ">".utf8
    }
}
