import HeadlinesSession
import HeadlinesKeys

/// Pasted text, told apart from typing. With bracketed paste on (`CSI ? 2004 h`), a terminal
/// wraps what is pasted in `ESC [ 200 ~` and `ESC [ 201 ~`; without it, a pasted `Q` quit and a
/// pasted `Cy` on the Sources screen marked every article read. What comes between the markers
/// is one `Key.paste`, never keys, even when it arrives over several reads (the state is kept
/// between them); past `maxLength` characters the rest of it is dropped.
struct BracketedPaste {
    /// Turns it on and off (sent at start and resume, and before the terminal is handed back).
    static let enable = "\u{1B}[?2004h"
    static let disable = "\u{1B}[?2004l"
    /// The most characters a paste hands over (a prompt takes a line of 1,000).
    static let maxLength = 4_096

    private static let start: [CursesInput] = "\u{1B}[200~".unicodeScalars.map { .character($0.value) }
    private static let end: [CursesInput] = "\u{1B}[201~".unicodeScalars.map { .character($0.value) }

    /// How long a paste may go without input before it is taken as ended: a terminal sends a
    /// paste at once, and a lost end marker must not swallow the keys typed after it.
    static let pause = Duration.milliseconds(500)

    /// Inside a paste: what came of it so far, and when its last input came.
    private var pasted: String.UnicodeScalarView?
    private var lastInput = ContinuousClock.now

    /// One read's input as keys: what is typed decoded as keys, what is pasted as `Key.paste`
    /// once its end marker came (or, with none, after `pause`).
    mutating func keys(from input: [CursesInput], at now: ContinuousClock.Instant = .now) -> [Key] {
        var keys: [Key] = []
        if let open = pasted, now - lastInput > Self.pause {
            keys.append(.paste(String(open)))
            pasted = nil
        }
        lastInput = now
        var typed: [CursesInput] = []
        var index = 0
        while index < input.count {
            if pasted != nil {
                if Self.matches(Self.end, in: input, at: index) {
                    keys.append(.paste(String(pasted ?? String.UnicodeScalarView())))
                    pasted = nil
                    index += Self.end.count
                    continue
                }
                if case .character(let value) = input[index], let scalar = Unicode.Scalar(value), (pasted?.count ?? 0) < Self.maxLength {
                    pasted?.append(scalar)
                }
                index += 1
            } else if Self.matches(Self.start, in: input, at: index) {
                keys += KeyDecoder.keys(from: typed)
                typed = []
                pasted = String.UnicodeScalarView()
                index += Self.start.count
            } else {
                typed.append(input[index])
                index += 1
            }
        }
        return keys + KeyDecoder.keys(from: typed)
    }

    private static func matches(_ marker: [CursesInput], in input: [CursesInput], at index: Int) -> Bool {
        index + marker.count <= input.count && Array(input[index..<(index + marker.count)]) == marker
    }
}
