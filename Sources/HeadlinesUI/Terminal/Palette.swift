import CNCursesW

/// Maps style roles to curses attributes and colour pairs. Without colour (a monochrome
/// terminal or `NO_COLOR`), roles fall back to attributes: the selection stays reverse video.
struct Palette {
    let enabled: Bool

    /// (foreground, background) per role; -1 is the terminal's default.
    private static let colors: [Style.Role: (Int16, Int16)] = [
        .header: (Int16(COLOR_CYAN), -1),
        .accent: (Int16(COLOR_CYAN), -1),
        .muted: (-1, -1),
        .date: (Int16(COLOR_BLUE), -1),
        .source: (Int16(COLOR_YELLOW), -1),
        .selection: (-1, -1),
        .statusBar: (Int16(COLOR_CYAN), -1),
        .error: (Int16(COLOR_RED), -1),
        .success: (Int16(COLOR_GREEN), -1),
        .progress: (Int16(COLOR_GREEN), -1),
    ]

    /// The first pair number not used by a role (pictures' pairs start here).
    static let firstFreePair = 16

    func install() {
        guard enabled else { return }
        start_color()
        use_default_colors()
        for role in Style.Role.allCases where role != .normal {
            let (foreground, background) = Self.colors[role] ?? (-1, -1)
            init_pair(Int16(role.rawValue), foreground, background)
        }
    }

    func attributes(for style: Style) -> (attr_t, Int16) {
        var attributes = hl_a_normal()
        if style.bold { attributes |= hl_a_bold() }
        if style.reverse { attributes |= hl_a_reverse() }
        if style.underline { attributes |= hl_a_underline() }
        if style.dim { attributes |= hl_a_dim() }
        let pair: Int16 = enabled && style.role != .normal ? Int16(style.role.rawValue) : 0
        return (attributes, pair)
    }
}
