import Foundation
import Testing
@testable import NewsCore

/// Valid UTF-8 wins; else the XML declaration's encoding, else the HTTP charset, else windows-1252.
@Suite("Feed encodings")
struct FeedEncodingTests {
    /// An RSS document with one item titled by `title` (raw bytes), after an optional declaration.
    static func feed(title: [UInt8], declaration: String? = nil) -> [UInt8] {
        let head = (declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? "")
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

    @Test(arguments: [
        ("windows-1252 declared", windows1252, "windows-1252", nil, "Café – “Zürich” €5"),
        ("ISO-8859-1 declared", latin1, "ISO-8859-1", nil, "Café"),
        ("latin-1 label on windows-1252 text (read as browsers do)", windows1252, "iso-8859-1", nil, "Café – “Zürich” €5"),
        ("KOI8-R declared", koi8R, "KOI8-R", nil, "Новости дня"),
        ("KOI8-R from the HTTP charset", koi8R, nil, "application/rss+xml; charset=koi8-r", "Новости дня"),
        ("latin-1 from the HTTP charset, quoted", latin1, nil, "text/xml; charset=\"ISO-8859-1\"", "Café"),
        ("the declaration wins over the HTTP charset", koi8R, "koi8-r", "text/xml; charset=iso-8859-1", "Новости дня"),
        ("no label at all: windows-1252", windows1252, nil, nil, "Café – “Zürich” €5"),
        ("an unknown label: windows-1252", latin1, "x-made-up", nil, "Café"),
        ("windows-1251 through Foundation", [0xCD, 0xEE, 0xE2, 0xEE, 0xF1, 0xF2, 0xE8], "windows-1251", nil, "Новости"),
    ] as [(String, [UInt8], String?, String?, String)])
    func singleByteEncodings(name: String, bytes: [UInt8], declared: String?, contentType: String?, expected: String) throws {
        #expect(try Self.title(Self.feed(title: bytes, declaration: declared), contentType: contentType) == expected, "\(name)")
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

    @Test(arguments: [
        ([0x41, 0xC3, 0xA9], true), ([0xE2, 0x9C, 0x93], true), ([0xF0, 0x9F, 0x98, 0x80], true),
        ([0xC3], false), ([0xC0, 0x80], false), ([0xE0, 0x80, 0x80], false), ([0xED, 0xA0, 0x80], false),
        ([0xF4, 0x90, 0x80, 0x80], false), ([0xFF], false), ([0x80], false), ([0xE9, 0x41], false),
    ] as [([UInt8], Bool)])
    func utf8Validation(bytes: [UInt8], valid: Bool) {
        // Padded with ASCII on both sides, past the 16-byte fast path.
        let padded = [UInt8](repeating: 0x61, count: 17) + bytes + [UInt8](repeating: 0x62, count: 17)
        #expect(padded.withUnsafeBufferPointer { UTF8Validation.isValid($0) } == valid, "\(bytes)")
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><rss/>", "KOI8-R"),
        ("  \n<?xml version='1.0' encoding = 'windows-1252' ?><rss/>", "windows-1252"),
        ("<?xml version=\"1.0\"?><rss/>", nil),
        ("<rss/><?xml version=\"1.0\" encoding=\"KOI8-R\"?>", nil),
    ] as [(String, String?)])
    func declaredEncoding(document: String, expected: String?) {
        #expect(FeedEncoding.declaredEncoding(Data(document.utf8)) == expected)
    }
}
