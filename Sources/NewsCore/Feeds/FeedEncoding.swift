import FoundationEssentials

/// Reads a feed's bytes as UTF-8. Bytes that are valid UTF-8 are UTF-8 whatever the labels say
/// (servers and generators mislabel often; text that happens to be valid UTF-8 otherwise is
/// rare); else the XML declaration's encoding, else the HTTP charset, else windows-1252 (which
/// never fails). A byte order mark decides before anything else and is removed.
enum FeedEncoding {
    static func utf8(_ data: Data, contentType: String?) -> Data {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            return utf16(data.dropFirst(2), bigEndian: data.first == 0xFE)
        }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            let rest = data.dropFirst(3)
            return isValidUTF8(rest) ? rest : Data(String(decoding: rest, as: UTF8.self).utf8)
        }
        if isValidUTF8(data) { return data }
        let label = declaredEncoding(data) ?? charset(contentType)
        return decode(data, label: label ?? "windows-1252")
    }

    /// `data` read in the encoding `label` names; windows-1252 for labels nothing here knows.
    static func decode(_ data: Data, label: String) -> Data {
        let name = label.lowercased()
        if name == "utf-8" || name == "utf8" {
            // Declared UTF-8 but not quite: keep the rest right, mark the bad bytes with U+FFFD.
            return Data(String(decoding: data, as: UTF8.self).utf8)
        }
        if let single = SingleByteEncoding(label: name) {
            return Data(data.withUnsafeBytes { single.decode($0.bindMemory(to: UInt8.self)) })
        }
        if let encoding = foundationEncodings[name], let text = String(data: data, encoding: encoding) {
            return Data(text.utf8)
        }
        return Data(data.withUnsafeBytes { SingleByteEncoding.windows1252.decode($0.bindMemory(to: UInt8.self)) })
    }

    /// Other encodings that Foundation on Linux decodes (checked on this platform).
    private static let foundationEncodings: [String: String.Encoding] = [
        "windows-1251": .windowsCP1251, "cp1251": .windowsCP1251, "x-cp1251": .windowsCP1251,
        "windows-1250": .windowsCP1250, "cp1250": .windowsCP1250, "x-cp1250": .windowsCP1250,
        "iso-8859-2": .isoLatin2, "iso8859-2": .isoLatin2, "latin2": .isoLatin2, "l2": .isoLatin2,
        "utf-16": .utf16, "utf-16le": .utf16LittleEndian, "utf-16be": .utf16BigEndian,
    ]

    private static func isValidUTF8(_ data: Data) -> Bool {
        data.withUnsafeBytes { UTF8Validation.isValid($0.bindMemory(to: UInt8.self)) }
    }

    private static func utf16(_ data: Data, bigEndian: Bool) -> Data {
        var units: [UInt16] = []
        units.reserveCapacity(data.count / 2)
        var index = data.startIndex
        while index + 1 < data.endIndex {
            let (first, second) = (UInt16(data[index]), UInt16(data[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Data(String(decoding: units, as: UTF16.self).utf8)
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
