import Foundation
import Testing
@testable import NewsCore

/// The byte order mark or appendix F's signature first; then valid UTF-8 wins; else the XML
/// declaration's encoding, else the HTTP charset, else windows-1252; a label nothing knows is an error.
@Suite("Feed encodings")
struct FeedEncodingTests {
    /// An RSS document with one item titled by `title` (raw bytes), after an optional declaration.
    static func feed(title: [UInt8], declaration: String? = nil) -> [UInt8] {
        let head =
            (declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? "")
            + "<rss version=\"2.0\"><channel><title>E</title><item><title>"
        return Array(head.utf8) + title + Array("</title><link>https://e.example/1</link></item></channel></rss>".utf8)
    }

    static func title(_ bytes: [UInt8], contentType: String? = nil) throws -> String? {
        try FeedTesting.decode(bytes: bytes, contentType: contentType).articles.first?.title
    }

    // "Café – “Zürich” €5" in windows-1252, "Café" in ISO-8859-1, "Новости дня" in KOI8-R.
    static let windows1252: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x93, 0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68, 0x94, 0x20, 0x80, 0x35]
    static let latin1: [UInt8] = [0x43, 0x61, 0x66, 0xE9]
    static let koi8R: [UInt8] = [0xEE, 0xCF, 0xD7, 0xCF, 0xD3, 0xD4, 0xC9, 0x20, 0xC4, 0xCE, 0xD1]

    @Test(
        arguments: [
            ("windows-1252 declared", windows1252, "windows-1252", nil, "Café – “Zürich” €5"),
            ("ISO-8859-1 declared", latin1, "ISO-8859-1", nil, "Café"),
            ("latin-1 label on windows-1252 text (read as browsers do)", windows1252, "iso-8859-1", nil, "Café – “Zürich” €5"),
            ("KOI8-R declared", koi8R, "KOI8-R", nil, "Новости дня"),
            ("KOI8-R from the HTTP charset", koi8R, nil, "application/rss+xml; charset=koi8-r", "Новости дня"),
            ("latin-1 from the HTTP charset, quoted", latin1, nil, "text/xml; charset=\"ISO-8859-1\"", "Café"),
            ("the declaration wins over the HTTP charset", koi8R, "koi8-r", "text/xml; charset=iso-8859-1", "Новости дня"),
            ("no label at all: windows-1252", windows1252, nil, nil, "Café – “Zürich” €5"),
            ("an unknown declared label, then the HTTP charset", koi8R, "x-made-up", "text/xml; charset=koi8-r", "Новости дня"),
            ("a UTF-8 declaration on bytes that are not gives way to the charset", koi8R, "UTF-8", "text/xml; charset=koi8-r", "Новости дня"),
            ("windows-1251 through iconv", [0xCD, 0xEE, 0xE2, 0xEE, 0xF1, 0xF2, 0xE8], "windows-1251", nil, "Новости"),
            ("Shift_JIS through iconv", [0x93, 0xFA, 0x96, 0x7B], "Shift_JIS", nil, "日本"),
            ("a UTF-16 label on bytes that read as ASCII is wrong", latin1, "UTF-16", "text/xml; charset=iso-8859-1", "Café"),
        ] as [(String, [UInt8], String?, String?, String)])
    func singleByteEncodings(name: String, bytes: [UInt8], declared: String?, contentType: String?, expected: String) throws {
        #expect(try Self.title(Self.feed(title: bytes, declaration: declared), contentType: contentType) == expected, "\(name)")
    }

    @Test func anEncodingNothingKnowsIsAnErrorNamingIt() throws {
        let error = FeedTesting.error { try FeedTesting.decode(bytes: Self.feed(title: Self.latin1, declaration: "x-made-up")) }
        #expect(error == .invalidDocument("it is in the character encoding “x-made-up”, which Headlines cannot read"))
        #expect(error?.message == "The response could not be read: it is in the character encoding “x-made-up”, which Headlines cannot read.")
        // A label iconv would read as a request ("//TRANSLIT") is no name at all.
        let request = FeedTesting.error { try FeedTesting.decode(bytes: Self.feed(title: Self.latin1), contentType: "text/xml; charset=UTF-8//IGNORE") }
        #expect(request == .invalidDocument("it is in the character encoding “UTF-8//IGNORE”, which Headlines cannot read"))
    }

    @Test func aSevenBitEncodingIsDecodedThoughItIsValidUTF8() throws {
        // "日本" in ISO-2022-JP: an escape into JIS X 0208, two characters, an escape back.
        let title: [UInt8] = [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42]
        #expect(try Self.title(Self.feed(title: title, declaration: "ISO-2022-JP")) == "日本")
    }

    @Test func textMostlyNotInItsEncodingIsRefused() throws {
        // 0xFF is never a Shift_JIS byte: a page of replacement characters would be mojibake too.
        let error = FeedTesting.error { try FeedTesting.decode(bytes: Self.feed(title: Array(repeating: 0xFF, count: 4096), declaration: "Shift_JIS")) }
        #expect(error == .invalidDocument("it is not in Shift_JIS, the character encoding it names"))
        // A few bad bytes are marked and the rest kept.
        #expect(try Self.title(Self.feed(title: [0x93, 0xFA, 0xFF, 0x96, 0x7B], declaration: "Shift_JIS")) == "日\u{FFFD}本")
    }

    @Test func iconvOutputIsCapped() throws {
        let bytes: [UInt8] = Array(repeating: 0xE9, count: 1000)  // é: two bytes of UTF-8 each
        #expect(throws: Iconv.Failure.tooLarge) {
            try bytes.withUnsafeBufferPointer { try Iconv.utf8($0, from: "ISO-8859-2", outputLimit: 1500) }
        }
        let decoded = try bytes.withUnsafeBufferPointer { try Iconv.utf8($0, from: "ISO-8859-2", outputLimit: 2000) }
        #expect(decoded.count == 2000)
        // Thai in windows-874: one byte in, three out, so the output grows past its first guess.
        let thai = [UInt8](repeating: 0xA1, count: 10_000)
        let grown = try thai.withUnsafeBufferPointer { try Iconv.utf8($0, from: "CP874", outputLimit: 30_064) }
        #expect(grown == Array(String(repeating: "\u{0E01}", count: 10_000).utf8))
        #expect(throws: Iconv.Failure.unknownEncoding) {
            try bytes.withUnsafeBufferPointer { try Iconv.utf8($0, from: "x-made-up", outputLimit: 2000) }
        }
    }

    @Test(
        arguments: [
            ([0x00, 0x00, 0xFE, 0xFF], EncodingSignature.utf32(bigEndian: true, byteOrderMark: true)),
            ([0xFF, 0xFE, 0x00, 0x00], .utf32(bigEndian: false, byteOrderMark: true)),
            ([0xFE, 0xFF, 0x00, 0x3C], .utf16(bigEndian: true, byteOrderMark: true)),
            ([0xFF, 0xFE, 0x3C, 0x00], .utf16(bigEndian: false, byteOrderMark: true)),
            ([0xEF, 0xBB, 0xBF, 0x3C], .utf8ByteOrderMark),
            ([0x00, 0x00, 0x00, 0x3C], .utf32(bigEndian: true, byteOrderMark: false)),
            ([0x3C, 0x00, 0x00, 0x00], .utf32(bigEndian: false, byteOrderMark: false)),
            ([0x00, 0x3C, 0x00, 0x3F], .utf16(bigEndian: true, byteOrderMark: false)),
            ([0x3C, 0x00, 0x3F, 0x00], .utf16(bigEndian: false, byteOrderMark: false)),
            ([0x0A, 0x00, 0x3C, 0x00], .utf16(bigEndian: false, byteOrderMark: false)),
            ([0x00, 0x00, 0x3C, 0x00], .unusualUCS4), ([0x00, 0x00, 0xFF, 0xFE], .unusualUCS4),
            ([0x4C, 0x6F, 0xA7, 0x94], .ebcdic),
            ([0x3C, 0x3F, 0x78, 0x6D], .asciiCompatible), ([0x3C, 0x72], .asciiCompatible), ([], .asciiCompatible),
        ] as [([UInt8], EncodingSignature)])
    func signatures(bytes: [UInt8], expected: EncodingSignature) {
        #expect(EncodingSignature(Data(bytes)) == expected)
    }

    @Test(
        arguments: [
            ("<html><head><meta charset=\"windows-1251\"><title>x</title>", "windows-1251"),
            ("<html><head><META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=Shift_JIS\">", "Shift_JIS"),
            ("<html><head><meta name=\"description\" content=\"charset=koi8-r\">", nil),
            ("<html><head><title>no charset</title></head>", nil),
        ] as [(String, String?)])
    func metaCharset(page: String, expected: String?) {
        #expect(FeedEncoding.metaCharset(Data(page.utf8)) == expected)
    }

    @Test func validUTF8WinsOverEveryLabel() throws {
        let bytes = Self.feed(title: Array("Ünïcödé – ✓ 日本".utf8), declaration: "ISO-8859-1")
        #expect(try Self.title(bytes, contentType: "text/xml; charset=koi8-r") == "Ünïcödé – ✓ 日本")
    }

    @Test func declaredUTF8WithAStrayByteKeepsTheRest() throws {
        let bytes = Self.feed(title: Array("naïve ".utf8) + [0xE9] + Array(" ✓".utf8), declaration: "UTF-8")
        #expect(try Self.title(bytes) == "naïve \u{FFFD} ✓")
    }

    @Test func utf8ByteOrderMark() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Self.feed(title: Array("Caf\u{E9}".utf8), declaration: "UTF-8")
        #expect(try Self.title(bytes) == "Café")
        // A BOM before a declaration that names another encoding: the BOM decides.
        let mislabelled = [0xEF, 0xBB, 0xBF] + Self.feed(title: Array("Caf\u{E9}".utf8), declaration: "ISO-8859-1")
        #expect(try Self.title(mislabelled, contentType: "text/xml; charset=koi8-r") == "Café")
    }

    @Test(arguments: [true, false])
    func utf16WithAByteOrderMark(bigEndian: Bool) throws {
        let text = String(decoding: Self.feed(title: Array("Grüße ✓".utf8), declaration: "UTF-16"), as: UTF8.self)
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(try Self.title(bytes) == "Grüße ✓")
    }

    /// A JSON Feed in UTF-16 (little-endian, no byte order mark) or UTF-32 is read as one.
    @Test(arguments: [(false, 2), (true, 2), (false, 4)])
    func aJSONFeedInAWideEncoding(bigEndian: Bool, width: Int) throws {
        let json = #"{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[{"id":"1","url":"https://j.example/1","title":"Grüße 日本"}]}"#
        var bytes: [UInt8] = []
        for scalar in json.unicodeScalars {
            var unit = (0..<width).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
            if bigEndian { unit.reverse() }
            bytes += unit
        }
        #expect(try FeedTesting.decode(bytes: bytes).articles.map(\.title) == ["Grüße 日本"])
    }

    @Test func theTablesDecodeEveryByte() {
        let all = (0...255).map(UInt8.init)
        for encoding in [SingleByteEncoding.windows1252, .koi8R] {
            let decoded = all.withUnsafeBufferPointer { encoding.decode($0) }
            let text = String(decoding: decoded, as: UTF8.self)
            #expect(text.unicodeScalars.count == 256, "\(encoding)")
            #expect(!text.contains("\u{FFFD}"), "\(encoding)")
            #expect(Array(text.unicodeScalars.prefix(128)).map(\.value) == (0...127).map(UInt32.init), "\(encoding)")
        }
        let koi8 = [UInt8](0xC0...0xFF).withUnsafeBufferPointer { SingleByteEncoding.koi8R.decode($0) }
        #expect(String(decoding: koi8, as: UTF8.self) == "юабцдефгхийклмнопярстужвьызшэщчъЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ")
    }

    @Test(arguments: [
        ("windows-1252", SingleByteEncoding.windows1252), ("ISO-8859-1", .windows1252), ("latin1", .windows1252),
        ("US-ASCII", .windows1252), ("KOI8-R", .koi8R), ("cskoi8r", .koi8R),
    ])
    func labels(label: String, expected: SingleByteEncoding) {
        #expect(SingleByteEncoding(label: label) == expected)
    }

    @Test(
        arguments: [
            ([0x41, 0xC3, 0xA9], true), ([0xE2, 0x9C, 0x93], true), ([0xF0, 0x9F, 0x98, 0x80], true),
            ([0xC3], false), ([0xC0, 0x80], false), ([0xE0, 0x80, 0x80], false), ([0xED, 0xA0, 0x80], false),
            ([0xF4, 0x90, 0x80, 0x80], false), ([0xFF], false), ([0x80], false), ([0xE9, 0x41], false),
        ] as [([UInt8], Bool)])
    func utf8Validation(bytes: [UInt8], valid: Bool) {
        // Padded with ASCII on both sides, past the 16-byte fast path.
        let padded = [UInt8](repeating: 0x61, count: 17) + bytes + [UInt8](repeating: 0x62, count: 17)
        #expect(padded.withUnsafeBufferPointer { UTF8Validation.isValid($0) } == valid, "\(bytes)")
    }

    @Test(
        arguments: [
            ("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><rss/>", "KOI8-R"),
            ("  \n<?xml version='1.0' encoding = 'windows-1252' ?><rss/>", "windows-1252"),
            ("<?xml version=\"1.0\"?><rss/>", nil),
            ("<rss/><?xml version=\"1.0\" encoding=\"KOI8-R\"?>", nil),
        ] as [(String, String?)])
    func declaredEncoding(document: String, expected: String?) {
        #expect(FeedEncoding.declaredEncoding(Data(document.utf8)) == expected)
    }
}
