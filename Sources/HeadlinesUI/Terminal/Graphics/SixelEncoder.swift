import NewsCore

/// A picture as DEC sixel graphics: a DCS string that draws it from the cursor, six pixel rows
/// a band. Colours are the nearest of a 6×7×6 cube (252 registers, within the 256 xterm's
/// VT340 mode and most sixel terminals offer), defined only where used; runs of one sixel are
/// written as `!count`.
///
/// Every pixel is given a colour, so what was under the picture never shows through.
enum SixelEncoder {
    static let levels = (red: 6, green: 7, blue: 6)
    static let registerCount = levels.red * levels.green * levels.blue

    /// The cube's register nearest to a colour.
    static func register(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let r = (Int(red) * (levels.red - 1) + 127) / 255
        let g = (Int(green) * (levels.green - 1) + 127) / 255
        let b = (Int(blue) * (levels.blue - 1) + 127) / 255
        return (r * levels.green + g) * levels.blue + b
    }

    /// A register's colour as sixel defines it: percentages of red, green and blue.
    static func percentages(_ register: Int) -> (red: Int, green: Int, blue: Int) {
        let b = register % levels.blue
        let g = (register / levels.blue) % levels.green
        let r = register / (levels.blue * levels.green)
        func percent(_ level: Int, of steps: Int) -> Int { (level * 100 + (steps - 1) / 2) / (steps - 1) }
        return (percent(r, of: levels.red), percent(g, of: levels.green), percent(b, of: levels.blue))
    }

    /// The whole DCS string for `image` (empty for an empty picture).
    static func encode(_ image: RGBImage) -> [UInt8] {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return [] }
        var output: [UInt8] = []
        output.reserveCapacity(width * height / 2)
        // P2 = 1: pixels not drawn keep their colour (none are left undrawn). Raster attributes
        // give the size, so the terminal needs no guess at the last band's height.
        output.append(contentsOf: "\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)

        var registers = [Int32](repeating: 0, count: width * height)
        var used = [Bool](repeating: false, count: registerCount)
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<(width * height) {
                let register = register(pixels[index * 3], pixels[index * 3 + 1], pixels[index * 3 + 2])
                registers[index] = Int32(register)
                used[register] = true
            }
        }
        for register in 0..<registerCount where used[register] {
            let colour = percentages(register)
            output.append(contentsOf: "#\(register);2;\(colour.red);\(colour.green);\(colour.blue)".utf8)
        }

        // One band at a time: each register's six-bit columns in `sixels`, between its first
        // and last column in the band.
        var sixels = [UInt8](repeating: 0, count: registerCount * width)
        var first = [Int](repeating: Int.max, count: registerCount)
        var last = [Int](repeating: -1, count: registerCount)
        var inBand: [Int] = []
        for bandTop in stride(from: 0, to: height, by: 6) {
            inBand.removeAll(keepingCapacity: true)
            for row in bandTop..<min(height, bandTop + 6) {
                let bit = UInt8(1) << UInt8(row - bandTop)
                for x in 0..<width {
                    let register = Int(registers[row * width + x])
                    if last[register] < 0 { inBand.append(register) }
                    sixels[register * width + x] |= bit
                    first[register] = min(first[register], x)
                    last[register] = max(last[register], x)
                }
            }
            for (position, register) in inBand.enumerated() {
                if position > 0 { output.append(UInt8(ascii: "$")) }  // back to the band's start
                output.append(contentsOf: "#\(register)".utf8)
                // Columns before this register's first are skipped with empty sixels ("?").
                appendRun(of: 0, count: first[register], to: &output)
                var x = first[register]
                while x <= last[register] {
                    let value = sixels[register * width + x]
                    var end = x + 1
                    while end <= last[register] && sixels[register * width + end] == value { end += 1 }
                    appendRun(of: value, count: end - x, to: &output)
                    x = end
                }
                for column in first[register]...last[register] { sixels[register * width + column] = 0 }
                first[register] = Int.max
                last[register] = -1
            }
            output.append(UInt8(ascii: "-"))  // the next band
        }
        output.append(contentsOf: "\u{1B}\\".utf8)
        return output
    }

    /// `count` sixels of `value` (bits 0-5, the band's rows top down), as `!count` when shorter.
    private static func appendRun(of value: UInt8, count: Int, to output: inout [UInt8]) {
        guard count > 0 else { return }
        let character = 0x3F + value
        if count > 3 {
            output.append(UInt8(ascii: "!"))
            output.append(contentsOf: String(count).utf8)
            output.append(character)
        } else {
            for _ in 0..<count { output.append(character) }
        }
    }
}
