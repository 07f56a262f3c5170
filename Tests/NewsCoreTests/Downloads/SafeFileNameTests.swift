import Foundation
@testable import NewsCore
import Testing

/// File names made from untrusted titles: one plain, safe name inside the save folder.
@Suite struct SafeFileNameTests {
    static let imageURL = URL(string: "https://img.example.com/2024/05/photo.jpg?w=1200")!

    /// Splits `<title part>-<10 hex>.<ext>`; nil when the name does not have that shape.
    static func parts(_ name: String, ext: String) -> (title: String, hash: String)? {
        guard name.hasSuffix("." + ext) else { return nil }
        let stem = name.dropLast(ext.count + 1)
        guard stem.count > 11 else { return nil }
        let hash = String(stem.suffix(10))
        guard hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }), stem.dropLast(10).last == "-" else { return nil }
        return (String(stem.dropLast(11)), hash)
    }

    static let hostileTitles: [String] = [
        "../../x",
        "../../../../etc/cron.d/evil",
        "/etc/passwd",
        "a/b\\c",
        ".",
        "..",
        "...",
        "",
        " ",
        String(repeating: "A", count: 500),
        String(repeating: "é", count: 500),
        String(repeating: "語", count: 500),
        String(repeating: "ab/", count: 200),
        String(repeating: "-", count: 500),
        "🔥🚀🎉",
        "👩‍👩‍👧‍👦 🏳️‍🌈",
        "CON",
        "NUL",
        "nul.txt",
        "COM1",
        "LPT1:",
        ".hidden",
        "...leading dots",
        "-rf",
        "--help",
        "-.-.-x",
        "a\u{0}b",
        "\u{0}",
        "tab\there\nnewline\r\u{7}bell\u{1B}[31mred\u{7F}",
        "quote\"star*colon:pipe|less<more>question?",
        "\u{202E}gnp.exe",
        "\u{200B}\u{200D}\u{FEFF}\u{2060}",
        "ㅤ",  // HANGUL FILLER: a "letter" that is default-ignorable (renders as nothing)
        "e\u{301}\u{301}\u{301}\u{301}",
        "x\u{338}",  // a combining mark that has no precomposed form
        "  spaced   out  ",
        "~user",
        "$(rm -rf ~)",
        "%2e%2e%2fetc",
        "file.png",
    ]

    @Test(arguments: hostileTitles)
    func hostileTitleGivesOneSafeName(_ title: String) throws {
        let name = SafeFileName.name(title: title, imageURL: Self.imageURL, format: .png)
        #expect(name == SafeFileName.name(title: title, imageURL: Self.imageURL, format: .png), "one name per input")
        #expect(name == SafeFileName.stem(title: title, imageURL: Self.imageURL) + ".png")

        #expect(!name.contains("/"))
        #expect(!name.contains("\\"))
        #expect(!name.hasPrefix("."))
        #expect(!name.hasPrefix("-"))
        #expect(name != "." && name != "..")
        #expect(name.utf8.count <= 255, "fits a file system name")
        #expect(name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !$0.properties.isDefaultIgnorableCodePoint })
        #expect(name.unicodeScalars.allSatisfy { !$0.properties.isBidiControl })

        let (titlePart, hash) = try #require(Self.parts(name, ext: "png"), "\(name)")
        #expect(hash == SafeFileName.shortHash(Self.imageURL.absoluteString))
        #expect(!titlePart.isEmpty)
        #expect(titlePart.count <= SafeFileName.maximumTitleLength)
        #expect(SafeFileName.maximumTitleLength == 80)
        #expect(!titlePart.hasPrefix("-") && !titlePart.hasSuffix("-"))
        #expect(!titlePart.contains("--"), "runs fold to one dash: \(titlePart)")
        #expect(titlePart.allSatisfy { $0 == "-" || $0 == "_" || $0.isLetter || $0.isNumber }, "\(titlePart)")
        // Windows device names are not a whole stem: the hash always follows.
        let stem = String(name.dropLast(4))
        #expect(!["CON", "PRN", "AUX", "NUL", "COM1", "LPT1"].contains(stem.uppercased()))
    }

    static let expected: [(String, String)] = [
        ("Port unveils quiet cranes", "Port-unveils-quiet-cranes"),
        ("../../x", "x"),
        ("/etc/passwd", "etc-passwd"),
        (".", "image"),
        ("..", "image"),
        ("", "image"),
        ("🔥🚀🎉", "image"),
        ("CON", "CON"),
        ("...leading dots", "leading-dots"),
        ("--help", "help"),
        ("a\u{0}b", "a-b"),
        ("tab\there\nnewline", "tab-here-newline"),
        ("snake_case and-dash", "snake_case-and-dash"),
        ("  spaced   out  ", "spaced-out"),
        ("Café Zürich", "Café-Zürich"),
        ("Cafe\u{301}", "Café"),  // decomposed input is composed first
        ("Année 2024: 3½ jobs", "Année-2024-3½-jobs"),
        ("file.png", "file-png"),
    ]

    @Test(arguments: expected)
    func titleIsFolded(_ title: String, _ folded: String) throws {
        let name = SafeFileName.name(title: title, imageURL: Self.imageURL, format: .jpeg)
        let (titlePart, _) = try #require(Self.parts(name, ext: "jpg"), "\(name)")
        #expect(titlePart == folded)
    }

    @Test func longTitleIsCutTo80Characters() throws {
        let name = SafeFileName.name(title: String(repeating: "A", count: 500), imageURL: Self.imageURL, format: .gif)
        let (titlePart, _) = try #require(Self.parts(name, ext: "gif"))
        #expect(titlePart == String(repeating: "A", count: 80))

        let words = Array(repeating: "word", count: 100).joined(separator: " ")
        let cut = try #require(Self.parts(SafeFileName.name(title: words, imageURL: Self.imageURL, format: .gif), ext: "gif")).title
        #expect(cut.count <= 80 && cut.count >= 75)
        #expect(cut.hasPrefix("word-word-") && !cut.hasSuffix("-"))
    }

    @Test func sameTitleDifferentURLsNeverCollide() {
        let title = "Markets rally"
        var names = Set<String>()
        for i in 0..<1000 {
            names.insert(SafeFileName.name(title: title, imageURL: URL(string: "https://img.example.com/\(i).png")!, format: .png))
        }
        #expect(names.count == 1000)
        // Query and scheme are part of the image's identity too.
        let a = SafeFileName.stem(title: title, imageURL: URL(string: "https://x.test/a.png?v=1")!)
        let b = SafeFileName.stem(title: title, imageURL: URL(string: "https://x.test/a.png?v=2")!)
        let c = SafeFileName.stem(title: title, imageURL: URL(string: "http://x.test/a.png?v=1")!)
        #expect(Set([a, b, c]).count == 3)
    }

    @Test func theExtensionIsThatOfTheDetectedType() {
        for format in ImageFormat.allCases {
            let name = SafeFileName.name(title: "A photo.exe", imageURL: Self.imageURL, format: format)
            #expect(name.hasSuffix("." + format.fileExtension))
            #expect(name.components(separatedBy: ".").count == 2, "only one dot: \(name)")
        }
    }

    /// FNV-1a 64, first 10 hex digits: the same name on every run and every machine.
    @Test func hashIsStableFNV1a() {
        #expect(SafeFileName.shortHash("") == "cbf29ce484")
        #expect(SafeFileName.shortHash("a") == "af63dc4c86")
        #expect(SafeFileName.shortHash("foobar") == "85944171f7")
        let small = SafeFileName.shortHash("https://x.test/1")
        #expect(small.count == 10 && small.allSatisfy(\.isHexDigit))
    }
}
