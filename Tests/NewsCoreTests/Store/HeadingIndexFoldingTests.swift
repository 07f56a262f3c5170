import Foundation
@testable import NewsCore
import Testing

/// The `/` filter's headings are folded character by character (ASCII in place, the rest
/// remembered): the same bytes as folding the whole text, as the typed text is folded.
@Suite struct HeadingIndexFoldingTests {
    @Test(arguments: [
        "Plain ASCII Title 2026", "Die STRAẞE und die Straße", "ÉCONOMIE: marchés en hausse", "選挙の結果 市场",
        "ΣΟΦΙΑ ΟΔΟΣ", "İstanbul ǰ ŉ ﬁne ﬂow", "Emoji 👩🏽‍💻 and ＦＵＬＬＷＩＤＴＨ", "",
    ])
    func characterByCharacterEqualsTheWholeText(_ title: String) {
        var index = HeadingIndex()
        index.append(ArticleID(1), isRead: false, title: title, sourceName: "Ünïcode NEWS")
        let expected = HeadingIndex.fold(title) + "\u{1F}" + HeadingIndex.fold("Ünïcode NEWS")
        #expect(String(decoding: index.haystack(0), as: UTF8.self) == expected)
    }

    @Test func invalidUTF8IsReadAsTheReplacementCharacter() {
        var index = HeadingIndex()
        let bytes: [UInt8] = [0x41, 0xFF, 0x42, 0xE2, 0x82]  // A, a stray byte, B, a cut-off sequence
        bytes.withUnsafeBufferPointer { title in
            [UInt8]().withUnsafeBufferPointer { index.append(ArticleID(1), isRead: false, title: title, sourceName: $0) }
        }
        #expect(String(decoding: index.haystack(0), as: UTF8.self) == HeadingIndex.fold(String(decoding: bytes, as: UTF8.self)) + "\u{1F}")
    }
}
