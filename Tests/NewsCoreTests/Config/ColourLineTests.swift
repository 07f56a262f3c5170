import Testing
@testable import NewsCore

/// `color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]` lines: what each reads as, and the one
/// sentence each mistake gives, with its line and column.
@Suite("Config colours")
struct ColourLineTests {
    typealias Look = ColourScheme.Look

    @Test(arguments: [
        ("color unread red default", ColourScheme.Element.unread, Look(foreground: .indexed(1), background: .default, line: 1)),
        ("color list brightblue black", .list, Look(foreground: .indexed(12), background: .indexed(0), line: 1)),
        (
            "colour selection white color17 bold reverse", .selection,
            Look(foreground: .indexed(7), background: .indexed(17), attributes: [.bold, .reverse], line: 1)
        ),
        (
            "color status #FF8000 default underline dim italic", .status,
            Look(foreground: .rgb(RGB(255, 128, 0)), background: .default, attributes: [.underline, .dim, .italic], line: 1)
        ),
        (
            "color heading color255 color0 bold bold", .heading,
            Look(foreground: .indexed(255), background: .indexed(0), attributes: [.bold], line: 1)
        ),
        ("  color\tmarks   Green  DEFAULT", .marks, Look(foreground: .indexed(2), background: .default, line: 1)),
        ("color link magenta default underline", .link, Look(foreground: .indexed(5), background: .default, attributes: [.underline], line: 1)),
        ("color quote brightblack default", .quote, Look(foreground: .indexed(8), background: .default, line: 1)),
    ])
    func goodLines(line: String, element: ColourScheme.Element, look: Look) throws {
        let config = try ConfigFixture.parse(line)
        #expect(config.colours.looks == [element: look])
    }

    @Test(arguments: [
        (
            "color unread red",
            "~/.config/headlines/config:1: color takes an element, a foreground and a background: color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]."
        ),
        ("color unred red default", "~/.config/headlines/config:1: color: unknown element \"unred\" at column 7 (did you mean \"unread\"?)."),
        (
            "color title red default",
            "~/.config/headlines/config:1: color: unknown element \"title\" at column 7 (elements: list, unread, selection, status, heading, marks, link, quote)."
        ),
        (
            "color list purple default",
            "~/.config/headlines/config:1: color: \"purple\" at column 12 is not a colour (a name such as red or brightblue, color0 to color255, #rrggbb, or default)."
        ),
        (
            "color list red color256",
            "~/.config/headlines/config:1: color: \"color256\" at column 16 is not a colour (a name such as red or brightblue, color0 to color255, #rrggbb, or default)."
        ),
        (
            "  color list #12345 default",
            "~/.config/headlines/config:1: color: \"#12345\" at column 14 is not a colour (a name such as red or brightblue, color0 to color255, #rrggbb, or default)."
        ),
        (
            "color list #12345g default",
            "~/.config/headlines/config:1: color: \"#12345g\" at column 12 is not a colour (a name such as red or brightblue, color0 to color255, #rrggbb, or default)."
        ),
        (
            "color list red default blink",
            "~/.config/headlines/config:1: color: unknown attribute \"blink\" at column 24 (attributes: bold, underline, reverse, dim, italic)."
        ),
    ])
    func badLines(text: String, message: String) {
        #expect(ConfigFixture.error(text)?.message == message)
    }

    @Test func colourLinesMayStandAmongSections() throws {
        let config = try ConfigFixture.parse(
            """
            [source "One"]
            url = https://one.example/feed
            color unread green default
            """)
        #expect(config.sources.count == 1)
        #expect(config.colours[.unread] == Look(foreground: .indexed(2), background: .default, line: 3))
    }

    @Test func withoutColourLinesTheSchemeIsEmpty() throws {
        #expect(try ConfigFixture.parse("timeout = 5").colours.isEmpty)
    }
}
