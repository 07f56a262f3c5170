/// The `color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTES]` lines of a config: which colours and
/// attributes the user gave the interface's elements. A plain model; the terminal driver maps
/// it to what the terminal can show (and `NO_COLOR` turns it off there).
public struct ColourScheme: Sendable, Equatable {
    /// The parts of the interface a line may colour (the ones newsboat users colour).
    public enum Element: String, Sendable, CaseIterable {
        /// Rows of the lists (headlines, sources).
        case list
        /// Rows of unread articles.
        case unread
        /// The selected row.
        case selection
        /// The status bar.
        case status
        /// Headings: the Sources screen's groups, the help's sections, an article's headings.
        case heading
        /// The marks in a list's gutter (unread, starred, saved).
        case marks
        /// Links in an article.
        case link
        /// Quoted text in an article.
        case quote
    }

    public enum Colour: Sendable, Equatable {
        /// The terminal's own foreground or background.
        case `default`
        /// A palette index: 0–7 the named colours, 8–15 their bright forms, up to 255.
        case indexed(UInt8)
        /// `#rrggbb`: drawn as is where the terminal has 24-bit colour, else the nearest it has.
        case rgb(RGB)
    }

    public enum Attribute: String, Sendable, CaseIterable {
        case bold, underline, reverse, dim, italic
    }

    /// One element's look.
    public struct Look: Sendable, Equatable {
        public var foreground: Colour
        public var background: Colour
        /// In the order written, without repeats.
        public var attributes: [Attribute]
        /// The line it was given on.
        public var line: Int

        public init(foreground: Colour, background: Colour, attributes: [Attribute] = [], line: Int = 0) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
            self.line = line
        }
    }

    public var looks: [Element: Look] = [:]

    public init(looks: [Element: Look] = [:]) {
        self.looks = looks
    }

    public subscript(element: Element) -> Look? { looks[element] }

    public var isEmpty: Bool { looks.isEmpty }
}
