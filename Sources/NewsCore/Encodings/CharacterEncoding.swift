/// The character encoding a charset label names (from an XML declaration, an HTTP Content-Type
/// or an HTML `<meta charset>`), and which decoder reads it.
///
/// Labels are read as the WHATWG Encoding standard (what browsers do) reads them where servers
/// and generators are known to mislabel: `iso-8859-1` and `us-ascii` are windows-1252,
/// `euc-kr` is CP949, `gb2312` and `gbk` are GB18030, `shift_jis` is CP932, `tis-620` is
/// windows-874, `big5` is Big5-HKSCS (each a superset of what the label says). Any other label is
/// offered to `iconv` as it is, so every encoding the C library knows can be read.
enum CharacterEncoding: Equatable, Sendable {
    case utf8
    /// UTF-16; the byte order is nil when the label does not say (a byte order mark or the bytes do).
    case utf16(bigEndian: Bool?)
    case utf32(bigEndian: Bool?)
    /// Decoded by a table of ours.
    case singleByte(SingleByteEncoding)
    /// Decoded by `iconv`, under this name of its own.
    case iconv(String)

    /// nil for a label nothing here reads. A label iconv knows under another spelling (`euc_jp`
    /// for EUC-JP, `x-euc-jp`, `shift-jis`, `utf_8`) is read under that one.
    init?(label: String) {
        let name = label.trimmingSpaces().lowercased()
        for spelling in Self.spellings(of: name) {
            if let known = Self(exactLabel: spelling) {
                self = known
                return
            }
        }
        return nil
    }

    /// The label as written, then with `_` and `-` swapped, without separators, and without an
    /// `x-` prefix (each once).
    static func spellings(of name: String) -> [String] {
        var spellings = [name]
        func add(_ spelling: String) { if !spelling.isEmpty, !spellings.contains(spelling) { spellings.append(spelling) } }
        let unprefixed = name.hasPrefix("x-") || name.hasPrefix("x_") ? String(name.dropFirst(2)) : name
        for base in [name, unprefixed] {
            add(base)
            add(String(base.map { $0 == "_" ? "-" : $0 }))
            add(String(base.map { $0 == "-" ? "_" : $0 }))
            add(String(base.filter { $0 != "-" && $0 != "_" }))
        }
        return spellings
    }

    private init?(exactLabel name: String) {
        if let single = SingleByteEncoding(label: name) {
            self = .singleByte(single)
            return
        }
        if let known = Self.aliases[name] {
            self = known
            return
        }
        if name.hasPrefix("x-cp125"), Iconv.knows(String(name.dropFirst(2))) {
            self = .iconv(String(name.dropFirst(2)))
            return
        }
        // Only plain names reach iconv_open: a "//" suffix there asks for other behaviour.
        guard (1...40).contains(name.utf8.count), name.utf8.allSatisfy(Self.isNameByte), Iconv.knows(name) else { return nil }
        self = .iconv(name)
    }

    /// Whether the encoding writes ASCII as ASCII, so that a document in it can be read as
    /// ASCII far enough to find its declaration. UTF-16 and UTF-32 cannot.
    var isASCIICompatible: Bool {
        switch self {
        case .utf16, .utf32: return false
        default: return true
        }
    }

    /// Encodings that write non-ASCII text in ASCII bytes (ISO-2022-JP's escape sequences,
    /// UTF-7's base64): text in them is valid UTF-8, but must still be decoded.
    var isSevenBit: Bool {
        guard case .iconv(let label) = self else { return false }
        let name = label.lowercased()
        return name.hasPrefix("iso-2022") || name.hasPrefix("iso2022") || name.hasPrefix("csiso2022")
            || name.hasPrefix("utf-7") || name.hasPrefix("utf7") || name.hasPrefix("hz")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }

    /// Labels whose meaning is not iconv's name for them (or that iconv does not know).
    private static let aliases: [String: CharacterEncoding] = {
        var table: [String: CharacterEncoding] = [:]
        func add(_ labels: [String], _ encoding: CharacterEncoding) {
            for label in labels { table[label] = encoding }
        }
        add(["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"], .utf8)
        add(["utf-16", "utf16", "unicode", "ucs-2", "ucs2", "iso-10646-ucs-2", "csunicode"], .utf16(bigEndian: nil))
        add(["utf-16le", "utf16le", "unicodefeff"], .utf16(bigEndian: false))
        add(["utf-16be", "utf16be", "unicodefffe"], .utf16(bigEndian: true))
        add(["utf-32", "utf32", "ucs-4", "ucs4", "iso-10646-ucs-4"], .utf32(bigEndian: nil))
        add(["utf-32le", "utf32le"], .utf32(bigEndian: false))
        add(["utf-32be", "utf32be"], .utf32(bigEndian: true))
        add(["shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "csshiftjis", "windows-31j", "ms932", "cp932", "x-ms-cp932"], .iconv("CP932"))
        add(
            [
                "euc-kr", "euckr", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "korean", "windows-949", "cp949",
                "uhc", "csksc56011987", "iso-ir-149", "cseuckr", "x-windows-949",
            ], .iconv("CP949"))
        add(
            [
                "gb2312", "gbk", "x-gbk", "chinese", "csgb2312", "iso-ir-58", "gb_2312-80", "gb_2312", "csiso58gb231280",
                "cp936", "ms936", "windows-936", "euc-cn", "gb18030",
            ], .iconv("GB18030"))
        add(["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5", "cp950"], .iconv("BIG5-HKSCS"))
        add(["tis-620", "iso-8859-11", "iso8859-11", "iso885911", "windows-874", "dos-874", "cp874"], .iconv("CP874"))
        add(["macintosh", "mac", "x-mac-roman", "macroman", "mac-roman", "csmacintosh"], .iconv("MACINTOSH"))
        add(["x-mac-cyrillic", "x-mac-ukrainian", "mac-cyrillic"], .iconv("MACCYRILLIC"))
        add(["iso-8859-8-i", "iso-8859-8-e", "csiso88598i", "csiso88598e", "logical", "visual"], .iconv("ISO-8859-8"))
        return table
    }()
}
