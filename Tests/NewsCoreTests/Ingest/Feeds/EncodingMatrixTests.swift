import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// One small feed per encoding and byte order mark, encoded at test time by Python's `codecs`
/// (an encoder that is not the decoder under test), served over loopback HTTP with the charset
/// named only in the Content-Type header, and again named only in the XML declaration.
@Suite("Encoding matrix")
struct EncodingMatrixTests {
    /// An encoding as Python's codec calls it, the label a feed or server gives it, a title in
    /// it, and the byte order mark Python writes first (nil: none).
    struct Encoding: Sendable {
        var codec: String
        var label: String
        var title: String
        var byteOrderMark: String? = nil
        var declarationOnly = false

        var namings: [Naming] { declarationOnly ? [.declarationOnly] : Naming.allCases }
    }

    static let encodings: [Encoding] = [
        Encoding(codec: "utf_8", label: "UTF-8", title: "Grüße ✓ 日本"),
        Encoding(codec: "utf_8", label: "UTF-8", title: "Grüße ✓ 日本", byteOrderMark: "BOM_UTF8"),
        Encoding(codec: "utf_16_le", label: "UTF-16", title: "Grüße ✓ 日本", byteOrderMark: "BOM_UTF16_LE"),
        Encoding(codec: "utf_16_be", label: "UTF-16", title: "Grüße ✓ 日本", byteOrderMark: "BOM_UTF16_BE"),
        Encoding(codec: "utf_16_le", label: "UTF-16LE", title: "Grüße ✓ 日本"),
        Encoding(codec: "utf_16_be", label: "UTF-16BE", title: "Grüße ✓ 日本"),
        Encoding(codec: "utf_16_be", label: "UTF-16", title: "Grüße ✓ 日本"),
        Encoding(codec: "utf_32_le", label: "UTF-32", title: "Grüße ✓ 😀", byteOrderMark: "BOM_UTF32_LE"),
        Encoding(codec: "utf_32_be", label: "UTF-32", title: "Grüße ✓ 😀", byteOrderMark: "BOM_UTF32_BE"),
        Encoding(codec: "utf_32_le", label: "UTF-32LE", title: "Grüße ✓ 😀"),
        Encoding(codec: "utf_32_be", label: "UTF-32BE", title: "Grüße ✓ 😀"),
        Encoding(codec: "cp1252", label: "windows-1252", title: "Café – “Zürich” €5"),
        Encoding(codec: "latin_1", label: "ISO-8859-1", title: "Café Zürich"),
        Encoding(codec: "iso8859_15", label: "ISO-8859-15", title: "€uro œuvre"),
        Encoding(codec: "ascii", label: "US-ASCII", title: "Plain news"),
        Encoding(codec: "cp1251", label: "windows-1251", title: "Привет мир"),
        Encoding(codec: "koi8_r", label: "KOI8-R", title: "Новости дня"),
        Encoding(codec: "koi8_u", label: "KOI8-U", title: "Привіт, світе ґ"),
        Encoding(codec: "iso8859_5", label: "ISO-8859-5", title: "Привет мир"),
        Encoding(codec: "cp1250", label: "windows-1250", title: "Zażółć gęślą jaźń"),
        Encoding(codec: "iso8859_2", label: "ISO-8859-2", title: "Příliš žluťoučký kůň"),
        Encoding(codec: "iso8859_7", label: "ISO-8859-7", title: "Καλημέρα κόσμε"),
        Encoding(codec: "cp1253", label: "windows-1253", title: "Καλημέρα κόσμε"),
        Encoding(codec: "iso8859_8", label: "ISO-8859-8", title: "שלום עולם"),
        Encoding(codec: "cp1255", label: "windows-1255", title: "שלום עולם ₪"),
        Encoding(codec: "cp1254", label: "windows-1254", title: "İstanbul ğüşöç"),
        Encoding(codec: "iso8859_9", label: "ISO-8859-9", title: "İstanbul ğüşöç"),
        Encoding(codec: "cp1256", label: "windows-1256", title: "مرحبا بالعالم"),
        Encoding(codec: "cp1257", label: "windows-1257", title: "Ąžuolas ėjo"),
        Encoding(codec: "shift_jis", label: "Shift_JIS", title: "こんにちは世界"),
        Encoding(codec: "euc_jp", label: "EUC-JP", title: "こんにちは世界"),
        Encoding(codec: "iso2022_jp", label: "ISO-2022-JP", title: "こんにちは世界"),
        Encoding(codec: "euc_kr", label: "EUC-KR", title: "안녕하세요 세계"),
        // 똠 is in CP949 (Unified Hangul Code) only; servers label CP949 text EUC-KR, as browsers know.
        Encoding(codec: "cp949", label: "EUC-KR", title: "똠방각하"),
        Encoding(codec: "cp949", label: "CP949", title: "똠방각하"),
        Encoding(codec: "big5", label: "Big5", title: "繁體中文新聞"),
        Encoding(codec: "gb2312", label: "GB2312", title: "简体中文新闻"),
        Encoding(codec: "gbk", label: "GBK", title: "简体中文新闻 喆"),
        Encoding(codec: "gb18030", label: "GB18030", title: "中文新闻 😀"),
        Encoding(codec: "tis_620", label: "TIS-620", title: "สวัสดีชาวโลก"),
        Encoding(codec: "cp874", label: "windows-874", title: "สวัสดีชาวโลก €"),
        Encoding(codec: "mac_roman", label: "macintosh", title: "Café “quoted” ƒ"),
        // EBCDIC is known by its declaration (`<?xm` in EBCDIC) only: there is no `<` to sniff without one.
        Encoding(codec: "cp037", label: "IBM037", title: "Grüße aus Köln", declarationOnly: true),
    ]

    /// How the encoding reaches the reader.
    enum Naming: String, CaseIterable, Sendable {
        case contentTypeOnly = "the Content-Type header only"
        case declarationOnly = "the XML declaration only"
    }

    static func document(_ encoding: Encoding, naming: Naming) -> String {
        let declaration = naming == .declarationOnly ? "<?xml version=\"1.0\" encoding=\"\(encoding.label)\"?>\n" : ""
        return declaration + "<rss version=\"2.0\"><channel><title>Matrix</title><item><title>\(encoding.title)</title>"
            + "<link>https://example.com/1</link></item></channel></rss>"
    }

    /// Every (encoding, naming) document, encoded by Python in one run, by encoding.
    static func encodedDocuments() async throws -> [[Data]] {
        let script = """
            import codecs, json, sys
            for codec, bom, text in json.load(sys.stdin):
                prefix = getattr(codecs, bom) if bom else b""
                print((prefix + text.encode(codec)).hex())
            """
        let cases = encodings.flatMap { encoding in
            encoding.namings.map { [encoding.codec, encoding.byteOrderMark ?? "", document(encoding, naming: $0)] }
        }
        let input = try JSONSerialization.data(withJSONObject: cases)
        let folder = try TemporaryFolder("encoding-matrix")
        let inputFile = try folder.write(input, to: "cases.json")
        let result = try await ProcessRunner("python3", ["-c", "import sys; sys.stdin = open(sys.argv[1]); exec(sys.argv[2])", inputFile.path, script])
            .run()
        try #require(result.status == 0, "python3: \(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map { Data(hex: $0) }
        try #require(lines.count == cases.count)
        var rest = lines[...]
        return encodings.map { encoding in
            defer { rest = rest.dropFirst(encoding.namings.count) }
            return Array(rest.prefix(encoding.namings.count))
        }
    }

    @Test func everyEncodingReadsRightOverHTTP() async throws {
        let documents = try await Self.encodedDocuments()
        let server = try LoopbackServer()
        defer { server.stop() }
        var paths: [(path: String, encoding: Encoding, naming: Naming)] = []
        for (index, encoding) in Self.encodings.enumerated() {
            for (naming, bytes) in zip(encoding.namings, documents[index]) {
                let path = "/\(index)-\(naming == .contentTypeOnly ? "header" : "declaration").xml"
                let contentType = naming == .contentTypeOnly ? "application/rss+xml; charset=\(encoding.label)" : "application/rss+xml"
                server.route(path, .bytes(bytes, contentType: contentType))
                paths.append((path, encoding, naming))
            }
        }
        let service = NewsService()
        var right = 0
        for (path, encoding, naming) in paths {
            let name = "\(encoding.codec)\(encoding.byteOrderMark.map { " + \($0)" } ?? "") as \(encoding.label), named in \(naming.rawValue)"
            do {
                let title = try await DocumentSource(service: service, location: server.url(path)).fetch().articles.first?.title
                #expect(title == encoding.title, "\(name)")
                if title == encoding.title { right += 1 }
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
        print("Encoding matrix: \(right) of \(paths.count) read right")
    }
}

extension Data {
    /// Bytes from hexadecimal digits (Python's `bytes.hex()`).
    init(hex: Substring) {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex.utf8 {
            let digit = character <= 0x39 ? character - 0x30 : (character | 0x20) - 0x61 + 10
            if let value = high {
                bytes.append(value << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        self.init(bytes)
    }
}
