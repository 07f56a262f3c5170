import NewsCore

/// The xterm 256-colour palette's fixed part: the 6×6×6 colour cube (16–231) and the 24-step
/// grey ramp (232–255). The 16 system colours (0–15) are left out: every terminal and theme
/// sets them differently, so their values cannot be matched.
package enum XtermPalette {
    /// The cube's six levels per channel.
    package static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colour at `index`, or nil for the system colours 0–15.
    package static func colour(_ index: UInt8) -> RGB? {
        switch index {
        case 0..<16: return nil
        case 16..<232:
            let cube = Int(index) - 16
            return RGB(cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(grey, grey, grey)
        }
    }

    /// The index of the cube or grey colour nearest to `colour` (squared distance in RGB).
    package static func nearest(_ colour: RGB) -> UInt8 {
        let red = nearestLevel[Int(colour.red)], green = nearestLevel[Int(colour.green)], blue = nearestLevel[Int(colour.blue)]
        let cube = RGB(cubeLevels[red], cubeLevels[green], cubeLevels[blue])
        // The nearest point on the grey line is the mean; the nearest step of the ramp to it wins.
        let mean = (Int(colour.red) + Int(colour.green) + Int(colour.blue)) / 3
        let step = min(23, max(0, (mean - 8 + 5) / 10))
        let grey = UInt8(8 + 10 * step)
        let cubeIndex = UInt8(16 + 36 * red + 6 * green + blue)
        return distance(colour, RGB(grey, grey, grey)) < distance(colour, cube) ? UInt8(232 + step) : cubeIndex
    }

    /// Squared Euclidean distance.
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let red = Int(a.red) - Int(b.red), green = Int(a.green) - Int(b.green), blue = Int(a.blue) - Int(b.blue)
        return red * red + green * green + blue * blue
    }

    /// For each channel value, the nearest cube level's position (the channels are independent,
    /// so the nearest cube colour is the nearest level on each).
    private static let nearestLevel: [Int] = (0..<256).map { value in
        cubeLevels.indices.min { abs(Int(cubeLevels[$0]) - value) < abs(Int(cubeLevels[$1]) - value) } ?? 0
    }
}
