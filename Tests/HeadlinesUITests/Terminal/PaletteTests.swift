import Testing
@testable import HeadlinesUI
import NewsCore
import CNCursesW

/// How the config's `color` lines become curses colours and attributes, and the 24-bit pass's
/// cells for `#rrggbb` colours.
@Suite("Palette")
struct PaletteTests {
    typealias Look = ColourScheme.Look

    @Test(arguments: [
        (ColourScheme.Colour.default, 256, Int16(-1)),
        (.indexed(3), 8, 3),
        (.indexed(202), 256, 202),
        (.indexed(202), 16, 9),  // xterm's 202 is (255, 95, 0): bright red is nearest
        (.indexed(12), 8, 4),  // bright blue on eight colours: blue
        (.rgb(RGB(255, 0, 0)), 256, 196),
        (.rgb(RGB(0, 0, 200)), 16, 4),
        (.rgb(RGB(250, 250, 250)), 8, 7),
    ])
    func coloursBecomeWhatTheTerminalHas(colour: ColourScheme.Colour, terminalColours: Int, index: Int16) {
        #expect(Palette.index(colour, terminalColours: terminalColours) == index)
    }

    @Test func aColourLineSetsTheRolesColoursAndReplacesItsAttributes() {
        let scheme = ColourScheme(looks: [.selection: Look(foreground: .indexed(15), background: .indexed(4), attributes: [.bold])])
        let palette = Palette(enabled: true, scheme: scheme, terminalColours: 256)
        #expect(palette.colours[.selection]! == (15, 4))
        let (attributes, pair) = palette.attributes(for: Style(.selection, reverse: true))
        #expect(attributes == hl_a_bold())
        #expect(pair == Int16(Style.Role.selection.rawValue))
        // Other roles keep theirs.
        #expect(palette.attributes(for: Style(.header, bold: true)).0 == hl_a_bold())
    }

    @Test func withoutColourTheSchemeIsNotUsed() {
        let scheme = ColourScheme(looks: [.selection: Look(foreground: .indexed(15), background: .indexed(4))])
        let palette = Palette(enabled: false, scheme: scheme, terminalColours: 256)
        let (attributes, pair) = palette.attributes(for: .selection)
        #expect(attributes == hl_a_reverse())
        #expect(pair == 0)
    }

    /// Unread rows were blue on the terminal's background: too dark on black.
    @Test func theDefaultSchemeUsesNoColourThatFadesOnDarkOrLight() {
        let faint: Set<Int16> = [Int16(COLOR_BLUE), Int16(COLOR_CYAN), Int16(COLOR_YELLOW), Int16(COLOR_WHITE), Int16(COLOR_BLACK)]
        for (role, colours) in Palette.defaultColours {
            #expect(!faint.contains(colours.0), "\(role)")
            #expect(colours.1 == -1, "\(role)")
        }
        #expect(Set(Palette.defaultColours.keys) == Set(Style.Role.allCases).subtracting([.normal]))
    }

    @Test func rrggbbOnATrueColourTerminalGivesTheCellsExactColours() {
        let scheme = ColourScheme(looks: [.status: Look(foreground: .rgb(RGB(255, 128, 0)), background: .default, attributes: [.underline])])
        let palette = Palette(enabled: true, scheme: scheme, terminalColours: 256, trueColour: true)
        var canvas = Canvas(width: 4, height: 2)
        canvas.write("ab", x: 0, y: 0, style: .statusBar)
        canvas.write("cd", x: 2, y: 0, style: .normal)
        canvas.restyle(palette.exact)
        let bytes = String(decoding: TrueColourCells.bytes(canvas, rows: [0]), as: UTF8.self)
        #expect(bytes == "\u{1B}7\u{1B}[0m\u{1B}[1;1H\u{1B}[0;4m\u{1B}[38;2;255;128;0;49mab\u{1B}8")
        // Without 24-bit colour, the nearest of the 256 through curses.
        let plain = Palette(enabled: true, scheme: scheme, terminalColours: 256)
        #expect(!plain.hasExactLooks)
        #expect(plain.colours[.statusBar]! == (208, -1))
    }
}
