/// `image-protocol`: how the article's picture is drawn. `auto` asks the terminal what it can
/// show (kitty's graphics, sixel, iTerm2's inline images) and falls back to coloured cells.
public enum ImageProtocolSetting: String, Sendable, CaseIterable {
    case auto
    case kitty
    case sixel
    case iterm2
    case cells
}
