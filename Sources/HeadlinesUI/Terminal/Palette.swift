import CNCursesW
import NewsCore

/// Maps style roles to curses attributes and colour pairs. Without colour (a monochrome
/// terminal or `NO_COLOR`), roles fall back to attributes: the selection stays reverse video,
/// and the config's `color` lines are not used (they could hide the selection).
struct Palette {
    let enabled: Bool
    /// The colour pair (foreground, background) per role; -1 is the terminal's default.
    private(set) var colours: [Style.Role: (Int16, Int16)] = Palette.defaultColours
    /// The attributes of the roles a `color` line set: they replace the style's own.
    private(set) var configuredAttributes: [Style.Role: attr_t] = [:]
    /// Roles a `color` line gave a `#rrggbb` colour, on a terminal with 24-bit colour: their
    /// cells are given exact colours, which the driver's 24-bit pass paints (see `TrueColourCells`).
    private(set) var exactLooks: [Style.Role: ColourScheme.Look] = [:]

    /// The default scheme, readable on dark and light backgrounds alike: the terminal's own
    /// foreground for text, and only colours that keep their contrast on both (red, green,
    /// magenta). Blue is too dark on black, cyan and yellow too light on white.
    static let defaultColours: [Style.Role: (Int16, Int16)] = [
        .header: (Int16(COLOR_MAGENTA), -1),
        .accent: (-1, -1),
        .muted: (-1, -1),
        .date: (-1, -1),
        .source: (Int16(COLOR_GREEN), -1),
        .selection: (-1, -1),
        .statusBar: (-1, -1),
        .error: (Int16(COLOR_RED), -1),
        .success: (Int16(COLOR_GREEN), -1),
        .progress: (Int16(COLOR_GREEN), -1),
        .list: (-1, -1),
        .unread: (-1, -1),
        .mark: (Int16(COLOR_GREEN), -1),
        .link: (Int16(COLOR_MAGENTA), -1),
        .quote: (-1, -1),
    ]

    /// The role each element of a `color` line colours.
    static let elementRoles: [ColourScheme.Element: Style.Role] = [
        .list: .list, .unread: .unread, .selection: .selection, .status: .statusBar,
        .heading: .header, .marks: .mark, .link: .link, .quote: .quote,
    ]

    /// The first pair number not used by a role (pictures' pairs start here).
    static let firstFreePair = 16

    /// - Parameter terminalColours: what curses reports (`COLORS`); colours beyond it are drawn
    ///   as the nearest it has.
    /// - Parameter trueColour: the terminal reads 24-bit colours (`COLORTERM`).
    init(enabled: Bool, scheme: ColourScheme = ColourScheme(), terminalColours: Int = 256, trueColour: Bool = false) {
        self.enabled = enabled
        guard enabled else { return }
        for (element, look) in scheme.looks {
            guard let role = Self.elementRoles[element] else { continue }
            colours[role] = (
                Self.index(look.foreground, terminalColours: terminalColours),
                Self.index(look.background, terminalColours: terminalColours)
            )
            configuredAttributes[role] = look.attributes.reduce(hl_a_normal()) { $0 | Self.attribute($1) }
            if trueColour, look.foreground.isRGB || look.background.isRGB { exactLooks[role] = look }
        }
    }

    /// `style` with the exact colours and attributes of its role's `color` line, where it has
    /// `#rrggbb` colours on a 24-bit terminal (a picture's cells keep their own).
    func exact(_ style: Style) -> Style {
        guard !style.hasExactColours, let look = exactLooks[style.role] else { return style }
        var style = style
        style.foreground = Self.exactColour(look.foreground)
        style.background = Self.exactColour(look.background)
        style.bold = look.attributes.contains(.bold)
        style.underline = look.attributes.contains(.underline)
        style.reverse = look.attributes.contains(.reverse)
        style.dim = look.attributes.contains(.dim)
        style.italic = look.attributes.contains(.italic)
        return style
    }

    var hasExactLooks: Bool { !exactLooks.isEmpty }

    private static func exactColour(_ colour: ColourScheme.Colour) -> PictureColour? {
        switch colour {
        case .default: return nil
        case .indexed(let index): return .indexed(index)
        case .rgb(let rgb): return .rgb(rgb)
        }
    }

    /// Defines the roles' pairs (the driver has called `start_color`).
    func install() {
        guard enabled else { return }
        use_default_colors()
        for role in Style.Role.allCases where role != .normal {
            let (foreground, background) = colours[role] ?? (-1, -1)
            init_pair(Int16(role.rawValue), foreground, background)
        }
    }

    func attributes(for style: Style) -> (attr_t, Int16) {
        var attributes = hl_a_normal()
        if enabled, let configured = configuredAttributes[style.role] {
            attributes = configured
        } else {
            if style.bold { attributes |= hl_a_bold() }
            if style.reverse { attributes |= hl_a_reverse() }
            if style.underline { attributes |= hl_a_underline() }
            if style.dim { attributes |= hl_a_dim() }
            if style.italic { attributes |= hl_a_italic() }
        }
        let pair: Int16 = enabled && style.role != .normal ? Int16(style.role.rawValue) : 0
        return (attributes, pair)
    }

    private static func attribute(_ attribute: ColourScheme.Attribute) -> attr_t {
        switch attribute {
        case .bold: return hl_a_bold()
        case .underline: return hl_a_underline()
        case .reverse: return hl_a_reverse()
        case .dim: return hl_a_dim()
        case .italic: return hl_a_italic()
        }
    }

    /// The palette index curses is given for `colour`: -1 for the default, the index itself when
    /// the terminal has it, else the nearest colour the terminal has (24-bit colours included).
    static func index(_ colour: ColourScheme.Colour, terminalColours: Int) -> Int16 {
        switch colour {
        case .default: return -1
        case .indexed(let index):
            if Int(index) < terminalColours { return Int16(index) }
            return nearest(rgb(of: index), terminalColours: terminalColours)
        case .rgb(let rgb): return nearest(rgb, terminalColours: terminalColours)
        }
    }

    /// The nearest of the terminal's colours: xterm's cube and grey ramp with 256, else the 16
    /// (or 8) system colours as xterm draws them.
    static func nearest(_ colour: RGB, terminalColours: Int) -> Int16 {
        if terminalColours >= 256 { return Int16(XtermPalette.nearest(colour)) }
        let count = max(1, min(terminalColours, systemColours.count))
        let best = (0..<count).min { XtermPalette.distance(colour, systemColours[$0]) < XtermPalette.distance(colour, systemColours[$1]) }
        return Int16(best ?? 0)
    }

    private static func rgb(of index: UInt8) -> RGB {
        XtermPalette.colour(index) ?? systemColours[Int(index)]
    }

    /// xterm's default values of the 16 system colours.
    static let systemColours: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205),
        RGB(0, 205, 205), RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]
}

extension ColourScheme.Colour {
    fileprivate var isRGB: Bool {
        if case .rgb = self { return true }
        return false
    }
}
