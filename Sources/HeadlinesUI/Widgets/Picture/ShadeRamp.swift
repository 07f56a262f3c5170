import NewsCore

/// Pictures without colour (a monochrome terminal, or `NO_COLOR`): each cell becomes a
/// character whose ink matches the brightness of its two pixels.
package enum ShadeRamp {
    /// From no ink to most, for light text on a dark background.
    package static let characters: [Character] = Array(" .:-=+*#%@")

    /// Relative luminance (Rec. 709 weights) from 0 to 255.
    package static func luminance(_ colour: RGB) -> Double {
        0.2126 * Double(colour.red) + 0.7152 * Double(colour.green) + 0.0722 * Double(colour.blue)
    }

    /// The character for a cell: the mean luminance of its two pixels, in equal bands.
    package static func character(top: RGB, bottom: RGB) -> Character {
        let mean = (luminance(top) + luminance(bottom)) / 2
        let band = Int(mean * Double(characters.count) / 256)
        return characters[min(characters.count - 1, max(0, band))]
    }
}
