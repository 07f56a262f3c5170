import FoundationEssentials

/// Reads a document's bytes as UTF-8, in whatever encoding it is in.
///
/// Its first bytes decide first (`EncodingSignature`: a byte order mark, or UTF-16 or UTF-32
/// seen in how `<` is written; the mark is removed). Bytes that are valid UTF-8 are UTF-8
/// whatever the labels say (servers and generators mislabel often; text that happens to be
/// valid UTF-8 otherwise is rare), unless the label names a seven-bit encoding such as
/// ISO-2022-JP. Else the XML declaration's encoding, else the HTTP charset, else (a web page)
/// its `<meta charset>`, else windows-1252, which never fails. A label nothing knows is passed
/// over for the next, and so is a UTF-8 label on bytes that are not UTF-8 when another label
/// is given; when no label is left it is an error that names the unknown one, never mojibake.
enum FeedEncoding {
    static func utf8(_ data: Data, contentType: String?, isHTML: Bool = false) throws(NewsError) -> Data {
        let signature = EncodingSignature(data)
        switch signature {
        case .utf8ByteOrderMark:
            let rest = data.dropFirst(3)
            return isValidUTF8(rest) ? rest : Data(String(decoding: rest, as: UTF8.self).utf8)
        case .utf16(let bigEndian, let mark):
            return try decode(data.dropFirst(mark ? 2 : 0), encoding: .utf16(bigEndian: bigEndian), label: "UTF-16")
        case .utf32(let bigEndian, let mark):
            return try decode(data.dropFirst(mark ? 4 : 0), encoding: .utf32(bigEndian: bigEndian), label: "UTF-32")
        case .unusualUCS4:
            throw .invalidDocument("it is in UCS-4 with an unusual byte order (2143 or 3412), which Headlines cannot read")
        case .ebcdic, .asciiCompatible:
            break
        }
        var labels = [signature == .ebcdic ? ebcdicDeclaredEncoding(data) : declaredEncoding(data), charset(contentType)]
        if isHTML { labels.append(metaCharset(data)) }
        if signature == .ebcdic { labels.append("IBM037") }
        let isUTF8 = signature == .asciiCompatible && isValidUTF8(data)
        var unknown: String?
        var chosen: (encoding: CharacterEncoding, label: String)?
        for case let label? in labels {
            guard let encoding = CharacterEncoding(label: label) else {
                unknown = unknown ?? label
                continue
            }
            // A document whose bytes read as ASCII is not in UTF-16 or UTF-32, whatever it says;
            // nor in UTF-8 when they are not, if another label says what else.
            guard encoding.isASCIICompatible, encoding != .utf8 || isUTF8 || chosen == nil else { continue }
            chosen = (encoding, label)
            if encoding != .utf8 || isUTF8 { break }
        }
        if isUTF8 {
            guard let chosen, chosen.encoding.isSevenBit, isASCII(data) else { return data }
        }
        guard let chosen else {
            if let unknown {
                throw .invalidDocument("it is in the character encoding “\(Sanitizer.clean(unknown, maxLength: 40))”, which Headlines cannot read")
            }
            return decode(data, singleByte: .windows1252)
        }
        return try decode(data, encoding: chosen.encoding, label: chosen.label)
    }

    /// `data` read in `encoding`, which `label` named (for the error message).
    static func decode(_ data: Data, encoding: CharacterEncoding, label: String) throws(NewsError) -> Data {
        let name: String
        var unit = 1
        switch encoding {
        case .utf8:
            // Declared UTF-8 but not quite: keep the rest right, mark the bad bytes with U+FFFD.
            return Data(String(decoding: data, as: UTF8.self).utf8)
        case .singleByte(let table):
            return decode(data, singleByte: table)
        case .utf16(let bigEndian):
            (name, unit) = (bigEndian == false ? "UTF-16LE" : "UTF-16BE", 2)
        case .utf32(let bigEndian):
            (name, unit) = (bigEndian == false ? "UTF-32LE" : "UTF-32BE", 4)
        case .iconv(let iconvName):
            name = iconvName
        }
        // No decoder writes more than three bytes of UTF-8 for each byte it reads (U+FFFD too):
        // anything more is refused rather than allocated.
        let limit = 3 * data.count + 64
        let result = data.withUnsafeBytes { raw in
            Result { () throws(Iconv.Failure) in
                try Iconv.utf8(raw.bindMemory(to: UInt8.self), from: name, unit: unit, outputLimit: limit)
            }
        }
        switch result {
        case .success(let bytes):
            return Data(bytes)
        case .failure(let failure):
            let label = Sanitizer.clean(label, maxLength: 40)
            switch failure {
            case .unknownEncoding: throw .invalidDocument("it is in the character encoding “\(label)”, which Headlines cannot read")
            case .notInEncoding: throw .invalidDocument("it is not in \(label), the character encoding it names")
            case .tooLarge: throw .invalidDocument("it would be larger than \(ByteCount.describe(limit)) decoded from \(label)")
            }
        }
    }

    private static func decode(_ data: Data, singleByte table: SingleByteEncoding) -> Data {
        Data(data.withUnsafeBytes { table.decode($0.bindMemory(to: UInt8.self)) })
    }

    private static func isValidUTF8(_ data: Data) -> Bool {
        data.withUnsafeBytes { UTF8Validation.isValid($0.bindMemory(to: UInt8.self)) }
    }

    private static func isASCII(_ data: Data) -> Bool {
        data.allSatisfy { $0 < 0x80 }
    }

    /// The declaration of an EBCDIC document, read in the characters every EBCDIC code page shares.
    private static func ebcdicDeclaredEncoding(_ data: Data) -> String? {
        // A head that does not convert names no encoding: the charset header, then IBM037 itself, are tried.
        let head = data.prefix(256).withUnsafeBytes { raw in
            try? Iconv.utf8(raw.bindMemory(to: UInt8.self), from: "IBM037", outputLimit: 1024)
        }
        return head.flatMap { declaredEncoding(Data($0)) }
    }

    /// The charset a web page names in its first kilobyte (where browsers look):
    /// `<meta charset="...">` or `<meta http-equiv="Content-Type" content="text/html; charset=...">`.
    static func metaCharset(_ data: Data) -> String? {
        data.prefix(1024).withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var found: String?
            HTMLScanner.forEachTag(in: bytes) { tag in
                guard tag.name == "meta", !tag.isClosing else { return true }
                if let value = HTMLScanner.attribute("charset", of: tag, in: bytes) {
                    found = value.trimmingSpaces()
                } else if let content = HTMLScanner.attribute("content", of: tag, in: bytes),
                    HTMLScanner.attribute("http-equiv", of: tag, in: bytes)?.lowercased() == "content-type"
                {
                    found = charset(content)
                }
                return found == nil
            }
            return found.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// The `encoding` of an XML declaration at the start, as in `<?xml version="1.0" encoding="KOI8-R"?>`.
    static func declaredEncoding(_ data: Data) -> String? {
        let head = data.prefix(256)
        guard let open = head.firstRange(of: Data("<?xml".utf8)),
            head[head.startIndex..<open.lowerBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
            let close = head[open.upperBound...].firstRange(of: Data("?>".utf8))
        else { return nil }
        let declaration = String(decoding: head[open.upperBound..<close.lowerBound], as: UTF8.self)
        return attributeValue("encoding", in: declaration)
    }

    /// The `charset` parameter of a Content-Type, as in `text/xml; charset="ISO-8859-1"`.
    static func charset(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces().lowercased() == "charset" else { continue }
            let value = parts[1].trimming { " \t\"'".contains($0) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// `name="value"` or `name='value'` inside a declaration.
    private static func attributeValue(_ name: String, in text: String) -> String? {
        guard let range = text.firstRange(of: name) else { return nil }
        var rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
