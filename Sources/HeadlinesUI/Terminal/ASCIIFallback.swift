import FoundationEssentials
import NewsCore

/// What a cell shows when the terminal's locale is not UTF-8 (`LANG=C`): curses can then only
/// draw ASCII, and shows anything else as a blank. Letters lose their accents (é → e), common
/// punctuation has an ASCII look-alike (“ → ", — → -), and everything else is `?`, one per column
/// the cell takes, so the layout stays as measured.
enum ASCIIFallback {
    static func text(for cell: String, columns: Int) -> String {
        guard !cell.utf8.allSatisfy({ $0 < 0x80 }) else { return cell }
        if columns == 1 {
            if let first = cell.unicodeScalars.first, let mapped = punctuation[first.value] { return mapped }
            // A letter and its accents (precomposed, or followed by combining marks): the letter.
            if let first = cell.unicodeScalars.first,
                cell.unicodeScalars.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark })
            {
                if first.isASCII, first.value >= 0x20 { return String(Character(first)) }
                if let base = LatinLetters.base(of: first), base.isASCII { return String(Character(base)) }
            }
        }
        return String(repeating: "?", count: max(1, columns))
    }

    /// One-column look-alikes for the punctuation news text is full of.
    private static let punctuation: [UInt32: String] = [
        0x00A0: " ", 0x2018: "'", 0x2019: "'", 0x201A: "'", 0x201C: "\"", 0x201D: "\"", 0x201E: "\"",
        0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2015: "-", 0x2212: "-",
        0x2026: ".", 0x2022: "*", 0x00B7: "*", 0x00AB: "<", 0x00BB: ">", 0x2039: "<", 0x203A: ">",
        0x2190: "<", 0x2192: ">", 0x2191: "^", 0x2193: "v", 0x00D7: "x", 0x2502: "|", 0x2500: "-",
        0x2588: "#", 0x2591: ".", 0x2592: ":", 0x2593: "#", 0x2580: "\"", 0x2584: "_", 0x23CE: ">",
        0x266A: "E",
    ]
}
