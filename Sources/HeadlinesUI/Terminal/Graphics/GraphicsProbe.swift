import HeadlinesSession
import NewsCore

/// What a terminal said it can show, read from its answers to `GraphicsProbe.query`.
struct GraphicsAnswers: Equatable, Sendable {
    /// kitty's graphics protocol answered the query image with OK.
    var kitty = false
    /// The primary device attributes (DA1) list 4: sixel graphics.
    var sixel = false
    /// One cell's size in pixels (`CSI 16 t`'s answer).
    var cell: PixelSize?
    /// The sixel colour registers (XTSMGRAPHICS's answer).
    var colourRegisters: Int?
    /// The DA1 answer came: every terminal answers it, and last, so nothing more is awaited.
    var complete = false
}

/// The questions asked of the terminal at start, the way the best image viewers do it, and
/// their answers read back from what arrives on its input.
///
/// The questions go in one write: kitty's graphics query (a 1×1 image it only checks, `a=q`),
/// the cell size in pixels (`CSI 16 t`), the sixel colour registers (`CSI ? 1 ; 1 ; 0 S`), then
/// DA1 (`CSI c`). Terminals answer in order and all answer DA1, so its answer ends the wait; a
/// terminal that knows none of the others stays silent on them. What else arrives meanwhile
/// is the person's typing, handed back as keys.
enum GraphicsProbe {
    static let kittyQueryID = 31
    static let query: [UInt8] = Array(
        ("\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[16t" + "\u{1B}[?1;1;0S" + "\u{1B}[c").utf8)

    /// The answers in `input`, and the bytes that are not answers (typed keys), in order. A
    /// sequence cut off at the end of `input` is left in `pending` for more to arrive.
    static func read(_ input: [UInt8]) -> (answers: GraphicsAnswers, keys: [UInt8], pending: [UInt8]) {
        var answers = GraphicsAnswers()
        var keys: [UInt8] = []
        var index = 0
        while index < input.count {
            guard input[index] == 0x1B, index + 1 < input.count else {
                if input[index] == 0x1B { return (answers, keys, Array(input[index...])) }
                keys.append(input[index])
                index += 1
                continue
            }
            switch input[index + 1] {
            case UInt8(ascii: "_"):  // APC: kitty's answer, up to ST
                guard let end = stringTerminator(in: input, from: index + 2) else { return (answers, keys, Array(input[index...])) }
                let body = String(decoding: input[(index + 2)..<end], as: UTF8.self)
                if body.hasPrefix("Gi=\(kittyQueryID);") && body.hasSuffix(";OK") { answers.kitty = true }
                index = end + 2
            case UInt8(ascii: "["):
                guard let final = csiFinal(in: input, from: index + 2) else { return (answers, keys, Array(input[index...])) }
                let parameters = String(decoding: input[(index + 2)..<final], as: UTF8.self)
                if !interpret(parameters, final: input[final], into: &answers) {
                    keys.append(contentsOf: input[index...final])  // a key's sequence (an arrow): typed
                }
                index = final + 1
            default:
                keys.append(input[index])
                index += 1
            }
        }
        return (answers, keys, [])
    }

    /// Reads one CSI answer into `answers`; false when it is not an answer to the query.
    private static func interpret(_ parameters: String, final: UInt8, into answers: inout GraphicsAnswers) -> Bool {
        switch final {
        case UInt8(ascii: "c") where parameters.hasPrefix("?"):
            answers.sixel = parameters.dropFirst().split(separator: ";").contains("4")
            answers.complete = true
            return true
        case UInt8(ascii: "t"):
            let fields = parameters.split(separator: ";").map { Int($0) }
            guard fields.count == 3, fields[0] == 6, let height = fields[1], let width = fields[2] else { return false }
            if width > 0 && height > 0 && width < 1000 && height < 1000 { answers.cell = PixelSize(width: width, height: height) }
            return true
        case UInt8(ascii: "S") where parameters.hasPrefix("?"):
            let fields = parameters.dropFirst().split(separator: ";").map { Int($0) }
            if fields.count >= 3, fields[0] == 1, fields[1] == 0, let registers = fields[2] { answers.colourRegisters = registers }
            return true
        default:
            return false
        }
    }

    /// The index of the final byte of a CSI sequence whose parameters start at `start`.
    private static func csiFinal(in input: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < input.count {
            if (0x40...0x7E).contains(input[index]) { return index }
            index += 1
        }
        return nil
    }

    /// The index of the Esc of the ST (`ESC \`) ending a string that starts at `start`.
    private static func stringTerminator(in input: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < input.count {
            if input[index] == 0x1B && input[index + 1] == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }
}

/// The protocol a picture is drawn with, from the setting, the answers and the environment.
enum PixelDisplayChoice {
    /// True inside tmux or screen: they pass no graphics on (tmux 3.3, Debian 12's, has no sixel),
    /// so `auto` draws cells there without asking.
    static func isMultiplexed(_ environment: [String: String]) -> Bool {
        if let tmux = environment["TMUX"], !tmux.isEmpty { return true }
        if let sty = environment["STY"], !sty.isEmpty { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    /// Whether to ask the terminal at all.
    static func shouldProbe(_ setting: ImageProtocolSetting, environment: [String: String]) -> Bool {
        switch setting {
        case .cells: return false
        case .auto:
            if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
            return !isMultiplexed(environment)
        case .kitty, .sixel, .iterm2: return true  // for the cell size
        }
    }

    /// The display, or nil for cells. `windowPixels`: the tty's size in pixels over its cells,
    /// when TIOCGWINSZ gives them.
    static func choose(
        _ setting: ImageProtocolSetting, answers: GraphicsAnswers, environment: [String: String], windowCell: PixelSize?
    ) -> PixelDisplay? {
        let cell = answers.cell ?? windowCell
        let chosen: PixelProtocol?
        switch setting {
        case .cells: return nil
        case .kitty: chosen = .kitty
        case .sixel: chosen = .sixel
        case .iterm2: chosen = .iterm2
        case .auto:
            guard shouldProbe(.auto, environment: environment), cell != nil else { return nil }
            if answers.kitty {
                chosen = .kitty
            } else if answers.sixel {
                chosen = .sixel
            } else if isITerm2(environment) {
                chosen = .iterm2
            } else {
                chosen = nil
            }
        }
        return chosen.map { PixelDisplay(pixelProtocol: $0, cell: cell ?? PixelDisplay.usualCell) }
    }

    /// iTerm2 and WezTerm say who they are; neither needs to be asked about inline images.
    private static func isITerm2(_ environment: [String: String]) -> Bool {
        let program = environment["TERM_PROGRAM"] ?? ""
        return program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2"
    }
}
