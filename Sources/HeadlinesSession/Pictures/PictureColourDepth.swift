/// How a picture's colours reach the terminal.
package enum PictureColourDepth: Sendable, Hashable, CaseIterable {
    /// 24-bit colour, each pixel as it is.
    case trueColour
    /// The nearest colour of xterm's 256 (cube and grey ramp).
    case palette256
    /// No colour: a ramp of ASCII shades.
    case shades

    /// The depth for a terminal: `NO_COLOR` (set and not empty, see no-color.org) or fewer than
    /// 256 colours gives shades; `COLORTERM` of `truecolor` or `24bit` gives true colour; else
    /// the 256-colour palette. `terminalColours` is what curses reports (`COLORS`).
    package static func choose(environment: [String: String], terminalColours: Int) -> PictureColourDepth {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return .shades }
        let colourTerm = environment["COLORTERM"]?.lowercased()
        if colourTerm == "truecolor" || colourTerm == "24bit" { return .trueColour }
        return terminalColours >= 256 ? .palette256 : .shades
    }
}
