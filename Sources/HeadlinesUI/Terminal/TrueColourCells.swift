import NewsCore

/// The bytes that paint a frame's 24-bit cells, written by the driver straight after curses'
/// own update.
///
/// Why not through curses: Debian's ncurses knows 24-bit colour only from a direct-colour
/// terminfo entry (`xterm-direct`, `tmux-direct`), which lives in `ncurses-term` and is not
/// installed by default, and a terminal named that way would have to be faked. Every terminal
/// that sets `COLORTERM=truecolor` reads SGR 38;2 and 48;2, tmux included, so those cells are
/// painted here: curses holds a plain `▀` in each (so its picture of the screen has the right
/// characters and widths), and this pass recolours them.
///
/// The pass starts with DECSC and ends with DECRC, which save and restore the cursor and the
/// current attributes: the terminal is left exactly where curses believes it is. And because
/// curses may reprint cells it believes unchanged on a row it updates (moving the cursor by
/// rewriting characters is cheaper than addressing it), every 24-bit cell of each row curses
/// touched is painted again, not only those that changed.
enum TrueColourCells {
    /// The escape bytes for the 24-bit cells of `rows` of `canvas`; empty when there are none.
    static func bytes(_ canvas: Canvas, rows: some Sequence<Int>) -> [UInt8] {
        var output: [UInt8] = []
        var current: (foreground: PictureColour?, background: PictureColour?, attributes: [UInt8]) = (nil, nil, [])
        let width = canvas.width
        // Through a buffer: a row without 24-bit cells (most of them) costs a look at each style.
        canvas.cells.withUnsafeBufferPointer { cells in
            for y in rows where y >= 0 && y < canvas.height {
                var continuing = false
                for x in 0..<width {
                    let index = y * width + x
                    // The bottom-right cell is never written: on some terminals that scrolls the screen.
                    guard isTrueColour(cells[index].style), !(y == canvas.height - 1 && x == width - 1), !cells[index].text.isEmpty else {
                        continuing = false
                        continue
                    }
                    let style = cells[index].style
                    if output.isEmpty {
                        output.reserveCapacity(4096)
                        output.append(contentsOf: "\u{1B}7\u{1B}[0m".utf8)  // DECSC, then plain attributes
                    }
                    if !continuing {
                        output.append(contentsOf: "\u{1B}[".utf8)
                        appendDecimal(y + 1, to: &output)
                        output.append(UInt8(ascii: ";"))
                        appendDecimal(x + 1, to: &output)
                        output.append(UInt8(ascii: "H"))
                        continuing = true
                    }
                    let attributes = sgrAttributes(style)
                    if current.foreground != style.foreground || current.background != style.background || current.attributes != attributes {
                        if current.attributes != attributes {
                            // Attributes are set from nothing: 0 clears the earlier cell's.
                            output.append(contentsOf: "\u{1B}[0".utf8)
                            for code in attributes { output.append(contentsOf: ";".utf8); output.append(UInt8(ascii: "0") + code) }
                            output.append(UInt8(ascii: "m"))
                        }
                        appendSGR(style.foreground, style.background, to: &output)
                        current = (style.foreground, style.background, attributes)
                    }
                    output.append(contentsOf: cells[index].text.utf8)
                }
            }
        }
        if !output.isEmpty { output.append(contentsOf: "\u{1B}8".utf8) }  // DECRC
        return output
    }

    /// The SGR codes of a style's attributes (a `color` line's cells; pictures have none).
    static func sgrAttributes(_ style: Style) -> [UInt8] {
        var codes: [UInt8] = []
        if style.bold { codes.append(1) }
        if style.dim { codes.append(2) }
        if style.italic { codes.append(3) }
        if style.underline { codes.append(4) }
        if style.reverse { codes.append(7) }
        return codes
    }

    /// Whether the driver paints this style's cells itself.
    static func isTrueColour(_ style: Style) -> Bool {
        if case .rgb? = style.foreground { return true }
        if case .rgb? = style.background { return true }
        return false
    }

    /// One SGR setting both colours: exact where given, else the terminal's default.
    static func appendSGR(_ foreground: PictureColour?, _ background: PictureColour?, to output: inout [UInt8]) {
        output.append(contentsOf: "\u{1B}[".utf8)
        appendCode(foreground, base: 38, to: &output)
        output.append(UInt8(ascii: ";"))
        appendCode(background, base: 48, to: &output)
        output.append(UInt8(ascii: "m"))
    }

    private static func appendCode(_ colour: PictureColour?, base: UInt8, to output: inout [UInt8]) {
        switch colour {
        case .rgb(let rgb)?:
            appendPrefix(base, kind: UInt8(ascii: "2"), to: &output)
            output.append(contentsOf: decimals[Int(rgb.red)])
            output.append(UInt8(ascii: ";"))
            output.append(contentsOf: decimals[Int(rgb.green)])
            output.append(UInt8(ascii: ";"))
            output.append(contentsOf: decimals[Int(rgb.blue)])
        case .indexed(let index)?:
            appendPrefix(base, kind: UInt8(ascii: "5"), to: &output)
            output.append(contentsOf: decimals[Int(index)])
        case nil:
            output.append(UInt8(ascii: "0") + base / 10)
            output.append(UInt8(ascii: "0") + (base + 1) % 10)  // 39, 49: the default colour
        }
    }

    /// `38;2;` and the like: the colour's base code, then the kind (2: 24-bit, 5: palette).
    private static func appendPrefix(_ base: UInt8, kind: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "0") + base / 10)
        output.append(UInt8(ascii: "0") + base % 10)
        output.append(UInt8(ascii: ";"))
        output.append(kind)
        output.append(UInt8(ascii: ";"))
    }

    /// 0...255 in decimal: a frame writes three of them per colour.
    private static let decimals: [[UInt8]] = (0...255).map { Array(String($0).utf8) }

    /// A number in decimal, without building a String (cursor positions).
    private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        if value >= 0 && value < decimals.count {
            output.append(contentsOf: decimals[value])
        } else {
            output.append(contentsOf: String(value).utf8)
        }
    }
}
