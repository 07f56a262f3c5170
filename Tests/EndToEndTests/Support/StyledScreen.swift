/// A `capture-pane -e` screen read back into cells with their colours, so a test can ask what
/// colour a cell was drawn in.
struct StyledScreen {
    enum Colour: Equatable, CustomStringConvertible {
        case rgb(Int, Int, Int)
        case indexed(Int)

        var description: String {
            switch self {
            case .rgb(let r, let g, let b): return "rgb(\(r),\(g),\(b))"
            case .indexed(let index): return "index \(index)"
            }
        }

        /// Whether this is a 24-bit colour within `tolerance` of (r, g, b) on every channel.
        func isClose(to expected: (Int, Int, Int), tolerance: Int) -> Bool {
            guard case .rgb(let r, let g, let b) = self else { return false }
            return abs(r - expected.0) <= tolerance && abs(g - expected.1) <= tolerance && abs(b - expected.2) <= tolerance
        }
    }

    struct Cell {
        var character: Character
        var foreground: Colour?
        var background: Colour?
    }

    let rows: [[Cell]]

    /// Reads the escape sequences tmux writes with `-e`: SGR only.
    init(_ captured: String) {
        var rows: [[Cell]] = []
        var foreground: Colour?
        var background: Colour?
        for line in captured.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [Cell] = []
            var characters = Substring(line)
            while let character = characters.first {
                characters = characters.dropFirst()
                guard character == "\u{1B}", characters.first == "[" else {
                    cells.append(Cell(character: character, foreground: foreground, background: background))
                    continue
                }
                characters = characters.dropFirst()
                let parameters = characters.prefix { $0 != "m" && $0.isASCII && !$0.isLetter }
                characters = characters.dropFirst(parameters.count + 1)
                Self.apply(parameters.split(separator: ";").compactMap { Int($0) }, &foreground, &background)
            }
            rows.append(cells)
        }
        self.rows = rows
    }

    private static func apply(_ codes: [Int], _ foreground: inout Colour?, _ background: inout Colour?) {
        if codes.isEmpty { foreground = nil; background = nil }
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: foreground = nil; background = nil
            case 39: foreground = nil
            case 49: background = nil
            case 38, 48:
                var colour: Colour?
                if index + 4 < codes.count, codes[index + 1] == 2 {
                    colour = .rgb(codes[index + 2], codes[index + 3], codes[index + 4])
                    index += 4
                } else if index + 2 < codes.count, codes[index + 1] == 5 {
                    colour = .indexed(codes[index + 2])
                    index += 2
                }
                if code == 38 { foreground = colour } else { background = colour }
            case 30...37: foreground = .indexed(code - 30)
            case 40...47: background = .indexed(code - 40)
            default: break
            }
            index += 1
        }
    }

    /// Every half-block cell, with its position.
    var halfBlocks: [(x: Int, y: Int, cell: Cell)] {
        rows.enumerated().flatMap { y, row in
            row.enumerated().filter { $0.element.character == "▀" }.map { (x: $0.offset, y: y, cell: $0.element) }
        }
    }
}
