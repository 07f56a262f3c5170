import Foundation
import Testing
@testable import NewsCore

/// NewsCore's own trimming, percent-encoding and Latin composition replace Foundation's (the
/// program loads FoundationEssentials only); these tests hold them to Foundation's answers,
/// which the test process still has.
@Suite("Text helpers agree with Foundation")
struct FoundationEquivalenceTests {
    static let samples = [
        "", " ", "\t\n", "plain", "  both ends  ", "\u{A0}no-break\u{A0}", "\u{2003}em space\u{3000}",
        "\r\nline\r\n", " \u{85}next line\u{2028}", "inner  space stays", "é", "e\u{301} ", " 漢字 ", "🚀 ",
        "\u{200B}zero width\u{200B}", "tab\tinside", "\u{FEFF}bom",
    ]

    @Test(arguments: samples)
    func trimmingMatchesFoundation(_ text: String) {
        #expect(text.trimmed() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingNewlines() == text.trimmingCharacters(in: .newlines))
    }

    @Test(arguments: [
        "https://example.com/a b", "https://例え.jp/パス?q=値#frag", "%41 already", "[v6]:80", "a\"b<c>d`e{f}g|h\\i^j", "\u{0}\u{7F}", "~user/x-y_z.~",
    ])
    func urlEncodingMatchesFoundation(_ text: String) {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.formUnion(.urlPathAllowed)
        allowed.formUnion(.urlFragmentAllowed)
        allowed.insert(charactersIn: "%#")
        #expect(PercentEncoding.encode(text, keeping: PercentEncoding.isURLCharacter) == text.addingPercentEncoding(withAllowedCharacters: allowed))
    }

    @Test func secretEncodingKeepsASCIILettersAndDigitsOnly() {
        #expect(PercentEncoding.encode("k3y/+=é", keeping: PercentEncoding.isASCIIAlphanumeric) == "k3y%2F%2B%3D%C3%A9")
    }

    /// Every letter of the table, written decomposed, composes back as Foundation composes it,
    /// and folds to the ASCII letter its full decomposition starts with.
    @Test func latinLettersMatchFoundation() {
        var checked = 0
        for value in Array(0xC0...0x24F) + Array(0x370...0x4FF) + Array(0x1E00...0x1FFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = String(Character(scalar))
            let decomposed = letter.decomposedStringWithCanonicalMapping
            guard decomposed.unicodeScalars.count > 1, let first = decomposed.unicodeScalars.first else { continue }
            let composed = LatinLetters.composed(Character(decomposed))
            #expect(String(composed) == decomposed.precomposedStringWithCanonicalMapping, "U+\(String(value, radix: 16))")
            if first.isASCII { #expect(LatinLetters.base(of: scalar) == first, "U+\(String(value, radix: 16))") }
            checked += 1
        }
        #expect(checked > 700)
        #expect(LatinLetters.composed("x\u{338}") == "x\u{338}")  // no precomposed form: left as it is
        let outOfOrder = Character("a\u{302}\u{323}")  // circumflex before dot below: composes as ậ all the same
        #expect(String(LatinLetters.composed(outOfOrder)) == String(outOfOrder).precomposedStringWithCanonicalMapping)
        #expect(LatinLetters.base(of: "ß") == nil)
    }
}
