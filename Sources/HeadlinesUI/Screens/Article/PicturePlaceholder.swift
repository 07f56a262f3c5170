/// What stands in the picture's room while the image loads: a frame of the picture's final
/// size with the progress inside, so nothing moves when the picture replaces it.
struct PicturePlaceholder {
    static let frameStyle = Style.muted

    let slot: PictureSlot
    /// The progress bar or the stage, centred on the middle row.
    let status: StyledLine.Run

    /// Columns inside the frame, less a space on each side.
    static func innerColumns(_ slot: PictureSlot) -> Int { max(0, slot.columns - 4) }

    /// Whether the room is big enough for a frame; if not, only the status shows.
    var isFramed: Bool { slot.rows >= 3 && slot.columns >= 6 }

    /// Row `row` of the room (0 at the top).
    func line(_ row: Int) -> StyledLine {
        guard isFramed else { return row == 0 ? StyledLine([status]).fitted(to: slot.columns) : .blank }
        let inner = slot.columns - 2
        if row == 0 { return StyledLine([StyledLine.Run("┌" + String(repeating: "─", count: inner) + "┐", Self.frameStyle)]) }
        if row == slot.rows - 1 { return StyledLine([StyledLine.Run("└" + String(repeating: "─", count: inner) + "┘", Self.frameStyle)]) }
        guard row == (slot.rows - 1) / 2 else {
            return StyledLine([StyledLine.Run("│" + String(repeating: " ", count: inner) + "│", Self.frameStyle)])
        }
        let text = StyledLine([status]).fitted(to: Self.innerColumns(slot))
        let left = (inner - text.width) / 2
        let right = inner - text.width - left
        return StyledLine(
            [StyledLine.Run("│" + String(repeating: " ", count: left), Self.frameStyle)] + text.runs
                + [StyledLine.Run(String(repeating: " ", count: right) + "│", Self.frameStyle)])
    }
}
