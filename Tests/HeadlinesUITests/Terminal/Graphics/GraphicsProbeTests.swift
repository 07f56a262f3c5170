import HeadlinesSession
import NewsCore
import Testing

@testable import HeadlinesUI

/// The start's questions to the terminal: its answers read, typed keys kept, and the protocol
/// chosen from them.
@Suite("Graphics probe")
struct GraphicsProbeTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func kittysAnswersAreRead() {
        // kitty 0.26 answers the graphics query, the cell size and DA1 (it has no sixel).
        let read = GraphicsProbe.read(Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;22;11t\u{1B}[?62;c"))
        #expect(read.answers == GraphicsAnswers(kitty: true, sixel: false, cell: PixelSize(width: 11, height: 22), complete: true))
        #expect(read.keys.isEmpty && read.pending.isEmpty)
    }

    @Test func xtermsVT340AnswersAreRead() {
        // xterm -ti vt340: no kitty reply at all, the registers, and a 4 (sixel) in DA1.
        let read = GraphicsProbe.read(Self.bytes("\u{1B}[6;13;6t\u{1B}[?1;0;256S\u{1B}[?63;1;2;4;6;9;15;22c"))
        #expect(read.answers.sixel && !read.answers.kitty && read.answers.complete)
        #expect(read.answers.cell == PixelSize(width: 6, height: 13))
        #expect(read.answers.colourRegisters == 256)
    }

    @Test func aTerminalThatKnowsNoneOfItAnswersOnlyDA1() {
        let read = GraphicsProbe.read(Self.bytes("\u{1B}[?1;2c"))
        #expect(read.answers == GraphicsAnswers(complete: true))
    }

    @Test func aKittyErrorIsNotKitty() {
        let read = GraphicsProbe.read(Self.bytes("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\\u{1B}[?62c"))
        #expect(!read.answers.kitty && read.answers.complete)
    }

    @Test func keysTypedMeanwhileAreKeptInOrder() {
        let read = GraphicsProbe.read(Self.bytes("j\u{1B}[6;20;10tk\u{1B}[Aé\u{1B}[?62;4c"))
        #expect(read.keys == Self.bytes("jk\u{1B}[Aé"))
        #expect(read.answers.sixel && read.answers.cell == PixelSize(width: 10, height: 20))
    }

    @Test func anAnswerCutShortWaitsForTheRest() {
        let first = GraphicsProbe.read(Self.bytes("\u{1B}_Gi=31;O"))
        #expect(!first.answers.complete && first.pending == Self.bytes("\u{1B}_Gi=31;O"))
        let second = GraphicsProbe.read(Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?6"))
        #expect(second.answers.kitty && !second.answers.complete && second.pending == Self.bytes("\u{1B}[?6"))
    }

    @Test func nonsenseSizesAreNotTaken() {
        #expect(GraphicsProbe.read(Self.bytes("\u{1B}[6;0;0t\u{1B}[?62c")).answers.cell == nil)
        #expect(GraphicsProbe.read(Self.bytes("\u{1B}[6;99999;10t\u{1B}[?62c")).answers.cell == nil)
    }

    static let cell = PixelSize(width: 10, height: 20)

    @Test func autoTakesKittyThenSixelThenITerm2ThenCells() {
        let kitty = GraphicsAnswers(kitty: true, sixel: true, cell: Self.cell, complete: true)
        let sixel = GraphicsAnswers(sixel: true, cell: Self.cell, complete: true)
        let none = GraphicsAnswers(cell: Self.cell, complete: true)
        let xterm = ["TERM": "xterm-256color"]
        #expect(PixelDisplayChoice.choose(.auto, answers: kitty, environment: xterm, windowCell: nil)?.pixelProtocol == .kitty)
        #expect(PixelDisplayChoice.choose(.auto, answers: sixel, environment: xterm, windowCell: nil)?.pixelProtocol == .sixel)
        #expect(PixelDisplayChoice.choose(.auto, answers: none, environment: ["TERM_PROGRAM": "iTerm.app"], windowCell: nil)?.pixelProtocol == .iterm2)
        #expect(PixelDisplayChoice.choose(.auto, answers: none, environment: xterm, windowCell: nil) == nil)
        #expect(PixelDisplayChoice.choose(.auto, answers: sixel, environment: xterm, windowCell: nil)?.cell == Self.cell)
    }

    @Test func autoDrawsCellsInTmuxAndWithoutACellSize() {
        let sixel = GraphicsAnswers(sixel: true, cell: Self.cell, complete: true)
        #expect(!PixelDisplayChoice.shouldProbe(.auto, environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]))
        #expect(!PixelDisplayChoice.shouldProbe(.auto, environment: ["TERM": "screen-256color"]))
        #expect(!PixelDisplayChoice.shouldProbe(.auto, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
        #expect(!PixelDisplayChoice.shouldProbe(.cells, environment: ["TERM": "xterm"]))
        #expect(PixelDisplayChoice.shouldProbe(.auto, environment: ["TERM": "xterm"]))
        #expect(PixelDisplayChoice.choose(.auto, answers: sixel, environment: ["TMUX": "x"], windowCell: nil) == nil)
        let sized = GraphicsAnswers(sixel: true, complete: true)
        #expect(PixelDisplayChoice.choose(.auto, answers: sized, environment: ["TERM": "xterm"], windowCell: nil) == nil)
        #expect(PixelDisplayChoice.choose(.auto, answers: sized, environment: ["TERM": "xterm"], windowCell: Self.cell)?.cell == Self.cell)
    }

    @Test func aNamedProtocolIsUsedAsNamed() {
        let none = GraphicsAnswers(complete: true)
        let chosen = PixelDisplayChoice.choose(.sixel, answers: none, environment: ["TMUX": "x"], windowCell: nil)
        #expect(chosen == PixelDisplay(pixelProtocol: .sixel, cell: PixelDisplay.usualCell))
        #expect(PixelDisplayChoice.choose(.kitty, answers: none, environment: [:], windowCell: Self.cell)?.pixelProtocol == .kitty)
        #expect(PixelDisplayChoice.choose(.cells, answers: GraphicsAnswers(kitty: true, cell: Self.cell), environment: [:], windowCell: nil) == nil)
    }
}
