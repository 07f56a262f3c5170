import HeadlinesSession
import Testing
@testable import HeadlinesUI

/// Pasted text is one `Key.paste`, never keys, whatever it holds and however it arrives (issue
/// 50, point 12: a pasted `Q` quit, a pasted `Cy` marked every article read).
@Suite("Bracketed paste")
struct BracketedPasteTests {
    static func input(_ text: String) -> [CursesInput] { text.unicodeScalars.map { .character($0.value) } }

    @Test func pastedTextIsOneKeyBetweenTypedOnes() {
        var paste = BracketedPaste()
        #expect(paste.keys(from: Self.input("j\u{1B}[200~Cy Q\u{1B}[201~k")) == [.character("j"), .paste("Cy Q"), .character("k")])
    }

    @Test func aPasteOverSeveralReadsIsStillOneKey() {
        var paste = BracketedPaste()
        #expect(paste.keys(from: Self.input("\u{1B}[200~https://exa")) == [])
        #expect(paste.keys(from: Self.input("mple.com/\u{1B}[A")) == [])
        #expect(paste.keys(from: Self.input("x\u{1B}[201~q")) == [.paste("https://example.com/\u{1B}[Ax"), .character("q")])
    }

    /// An opening marker whose end never comes (a broken terminal) ends after a pause: the keys
    /// typed after it are keys again.
    @Test func aPasteWithoutItsEndEndsAfterAPause() {
        var paste = BracketedPaste()
        let start = ContinuousClock.now
        #expect(paste.keys(from: Self.input("\u{1B}[200~ab"), at: start) == [])
        #expect(paste.keys(from: Self.input("c"), at: start + .milliseconds(100)) == [])
        #expect(paste.keys(from: Self.input("?"), at: start + .seconds(2)) == [.paste("abc"), .character("?")])
    }

    @Test func aPasteLongerThanTheCapIsCutNotRun() {
        var paste = BracketedPaste()
        let long = String(repeating: "Q", count: BracketedPaste.maxLength + 500)
        let keys = paste.keys(from: Self.input("\u{1B}[200~" + long + "\u{1B}[201~"))
        #expect(keys == [.paste(String(repeating: "Q", count: BracketedPaste.maxLength))])
    }

    @Test func aPromptTakesOneCleanLine() {
        #expect(String(PastedText.line("  kernel\r\n\tnews \u{1B}[31m\u{7}x\n")) == "kernel news [31mx")
        #expect(PastedText.line(String(repeating: "a", count: 5_000)).count == LineEditor.maxLength)
        #expect(String(PastedText.line("cafe\u{301}")) == "café")
    }
}
