import HeadlinesSession
import HeadlinesKeys

/// What one `wget_wch` handed over: a function key's code (curses recognised a sequence), or a character.
enum CursesInput: Equatable, Sendable {
    case keyCode(Int32)
    case character(UInt32)
}

/// Turns what curses read into keys.
///
/// curses knows the sequences the terminfo entry names. For any other it returns Esc and then
/// the sequence's bytes one by one, so Ctrl-F1 (`\e[1;5P`) was Esc (quit, on the first screen)
/// followed by `[`, `1`, `;`, `5` and `P`. Here an Esc followed at once by more input starts a
/// sequence, read to its end as one key: the few that every terminal sends whatever `TERM` says
/// (arrows, Home, End, pages, F1 to F12) are decoded, any other is one unknown key. Only an Esc
/// that arrives alone is Esc: nobody types a second key within curses' escape delay (25 ms),
/// which is how long curses waits for the rest of a sequence. The mouse's reports are sequences
/// too (`MouseEvent`).
enum KeyDecoder {
    static let escape: UInt32 = 0x1B

    static func keys(from input: [CursesInput]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            switch input[index] {
            case .keyCode(let code):
                keys.append(KeyCodes.key(forCode: code))
                index += 1
            case .character(escape):
                let (key, length) = sequence(in: input, from: index + 1)
                keys.append(key)
                index += 1 + length
            case .character(let codePoint):
                keys.append(Key.from(codePoint: codePoint))
                index += 1
            }
        }
        return keys
    }

    /// The key of the sequence that follows an Esc at `start`, and how many inputs it takes.
    private static func sequence(in input: [CursesInput], from start: Int) -> (Key, Int) {
        guard start < input.count else { return (.escape, 0) }
        guard case .character(let first) = input[start] else { return (.unknownSequence, 1) }  // Alt with a key curses knows
        switch first {
        case 0x5B, 0x4F:  // "[" (CSI) or "O" (SS3): parameters, then one final character
            var end = start + 1
            var parameters: [UInt32] = []
            // The Linux console's F1 to F5 are `\e[[A`...: a "[" right after the first is a parameter.
            if first == 0x5B, end < input.count, input[end] == .character(0x5B) {
                parameters.append(0x5B)
                end += 1
            }
            while end < input.count, case .character(let next) = input[end] {
                end += 1
                switch next {
                case 0x20...0x3F: parameters.append(next)
                case 0x4D where first == 0x5B && parameters.isEmpty:
                    // X10's mouse report, `\e[M` and three characters (a terminal without SGR's form).
                    return x10Mouse(in: input, from: end, start: start)
                case 0x40...0x7E: return (key(introducer: first, parameters: parameters, final: next), end - start)
                default: return (.unknownSequence, end - 1 - start)  // not part of a sequence: left for the next key
                }
            }
            // The sequence was cut short (or is Alt-[ / Alt-O alone): what came is one unknown key.
            return (.unknownSequence, end - start)
        case 0x5F, 0x50, 0x5D, 0x5E, 0x58:
            // "_" (APC), "P" (DCS), "]" (OSC), "^" (PM), "X" (SOS): a terminal's answer that came
            // after the start's wait (kitty's graphics reply is an APC), up to ST or BEL. It is
            // one unknown key, so its letters are never read as commands; cut short, all that came is.
            var end = start + 1
            while end < input.count, case .character(let next) = input[end] {
                if next == 0x07 { return (.unknownSequence, end + 1 - start) }
                if next == escape, end + 1 < input.count, input[end + 1] == .character(0x5C) { return (.unknownSequence, end + 2 - start) }
                end += 1
            }
            return (.unknownSequence, end - start)
        case escape:
            // Esc Esc: Alt with a sequence (`\e\e[A`), or two Escs in one go; either way not a lone Esc.
            let (_, length) = sequence(in: input, from: start + 1)
            return (.unknownSequence, 1 + length)
        default:
            return (.unknownSequence, 1)  // Alt with a character
        }
    }

    /// X10's report after `\e[M` at `from`: button, column and row, each a character 32 past its
    /// value (so it reaches column 223 at most); what is cut short is one unknown key, never keys.
    private static func x10Mouse(in input: [CursesInput], from: Int, start: Int) -> (Key, Int) {
        var values: [Int] = []
        var end = from
        while values.count < 3, end < input.count, case .character(let value) = input[end] {
            values.append(Int(value) - 32)
            end += 1
        }
        guard values.count == 3, let event = MouseEvent(code: values[0], column: values[1], row: values[2], released: false) else {
            return (.unknownSequence, end - start)
        }
        return (.mouse(event), end - start)
    }

    /// SGR 1006's report, `\e[<B;X;YM` (pressed, moved, wheel) or `…m` (released).
    private static func sgrMouse(_ text: String, released: Bool) -> Key {
        let numbers = text.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
        // Five digits are more columns than any terminal has; more is not a report.
        guard numbers.count == 3, numbers.allSatisfy({ (1...5).contains($0.count) }) else { return .unknownSequence }
        let values = numbers.compactMap { Int($0) }
        guard values.count == 3, let event = MouseEvent(code: values[0], column: values[1], row: values[2], released: released) else {
            return .unknownSequence
        }
        return .mouse(event)
    }

    /// The sequences every terminal sends for these keys, whatever its terminfo entry says
    /// (xterm's, VT220's and the Linux console's). Modifiers (`\e[1;5A`) make a key unknown.
    private static func key(introducer: UInt32, parameters: [UInt32], final: UInt32) -> Key {
        let text = String(decoding: parameters.compactMap { UInt8(exactly: $0) }, as: UTF8.self)
        switch (text, Unicode.Scalar(final).map(Character.init)) {
        case ("", "A"): return .up
        case ("", "B"): return .down
        case ("", "C"): return .right
        case ("", "D"): return .left
        case ("", "H"): return .home
        case ("", "F"): return .end
        case ("", "P") where introducer == 0x4F: return .function(1)
        case ("", "Q") where introducer == 0x4F: return .function(2)
        case ("", "R") where introducer == 0x4F: return .function(3)
        case ("", "S") where introducer == 0x4F: return .function(4)
        case (let report, let final?) where introducer == 0x5B && report.hasPrefix("<") && (final == "M" || final == "m"):
            return sgrMouse(report, released: final == "m")
        case ("[", let letter?) where introducer == 0x5B:
            return linuxConsoleKeys[letter] ?? .unknownSequence
        case (let number, "~") where introducer == 0x5B:
            return tildeKeys[number] ?? .unknownSequence
        default: return .unknownSequence
        }
    }

    /// The Linux console's `\e[[A` to `\e[[E`.
    private static let linuxConsoleKeys: [Character: Key] = [
        "A": .function(1), "B": .function(2), "C": .function(3), "D": .function(4), "E": .function(5),
    ]

    /// `\e[N~` keys.
    private static let tildeKeys: [String: Key] = [
        "1": .home, "7": .home, "4": .end, "8": .end, "5": .pageUp, "6": .pageDown,
        "11": .function(1), "12": .function(2), "13": .function(3), "14": .function(4), "15": .function(5),
        "17": .function(6), "18": .function(7), "19": .function(8), "20": .function(9), "21": .function(10),
        "23": .function(11), "24": .function(12),
    ]
}
