import Testing
@testable import HeadlinesUI

@Suite("Terminal title")
struct TerminalTitleTests {
    @Test func theTitleTellsTheUnreadCount() {
        #expect(TerminalTitle.text(unread: 12) == "Headlines (12 unread)")
        #expect(TerminalTitle.set("Headlines (12 unread)") == "\u{1B}]2;Headlines (12 unread)\u{07}")
    }

    @Test(
        "control characters cannot end the sequence or start another",
        arguments: [
            "a\u{07}b", "a\u{1B}]2;evil\u{07}b", "a\u{9C}b", "a\nb\u{7F}",
        ])
    func controlsAreLeftOut(_ text: String) {
        let sequence = TerminalTitle.set(text)
        let inside = sequence.dropFirst(4).dropLast()
        #expect(!inside.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(sequence.debugDescription)")
        #expect(inside.hasPrefix("a") && inside.hasSuffix("b"))
    }

    @Test func pushAndPopAreXTWINOPS22And23() {
        #expect(TerminalTitle.push == "\u{1B}[22;2t")
        #expect(TerminalTitle.pop == "\u{1B}[23;2t")
    }
}
