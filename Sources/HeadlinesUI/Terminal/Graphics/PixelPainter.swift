import HeadlinesSession
import NewsCore

/// Draws a frame's picture in the terminal's own pixels, after curses has drawn the cells, and
/// makes sure no picture outlives its place.
///
/// Sixel and iTerm2 pictures are drawn into the cells: text written over them erases them, and
/// curses may write a row again whenever it updates it. So the picture is drawn again whenever
/// curses wrote one of its rows, and the rows a picture leaves are handed to curses to write
/// again (`rowsToRewrite`), which erases what stayed of it. kitty's pictures lie over the cells
/// apart from them: the PNG is sent once under an id and its placement moved (replaced) or
/// deleted; text never touches it.
struct PixelPainter {
    let display: PixelDisplay
    /// The placement on the terminal now.
    private(set) var shown: PixelPicture?
    /// The picture kitty holds, and its id.
    private var kittyImage: (image: PixelImage, id: UInt32)?
    private var nextKittyID: UInt32 = 1

    init(display: PixelDisplay) { self.display = display }

    /// Before curses' update: rows curses must write again because a picture drawn into the
    /// cells leaves them (moved, scrolled, or gone with its screen).
    func rowsToRewrite(next: PixelPicture?) -> [Int] {
        guard display.pixelProtocol != .kitty, let shown, shown != next else { return [] }
        return Array(shown.visible)
    }

    /// After curses' update: the bytes that put `next` on the screen. `written`: the rows
    /// curses wrote this frame; `repainted`: curses drew the whole screen afresh (cleared it).
    mutating func bytes(next: PixelPicture?, written: Set<Int>, repainted: Bool) -> [UInt8] {
        switch display.pixelProtocol {
        case .kitty: return kittyBytes(next: next, repainted: repainted)
        case .sixel, .iterm2: return drawnBytes(next: next, written: written, repainted: repainted)
        }
    }

    /// Takes the picture off the screen before the terminal is handed back (a browser's turn,
    /// quitting); the next frame draws it again.
    mutating func bytesToClear() -> [UInt8] {
        shown = nil
        guard let kittyImage else { return [] }
        self.kittyImage = nil
        return KittyGraphics.delete(id: kittyImage.id, freeing: true)
    }

    private mutating func drawnBytes(next: PixelPicture?, written: Set<Int>, repainted: Bool) -> [UInt8] {
        guard let next else {
            shown = nil
            return []
        }
        guard repainted || next != shown || next.visible.contains(where: written.contains) else { return [] }
        shown = next
        let rows = next.visiblePixelRows(cellHeight: display.cell.height)
        guard !rows.isEmpty else { return [] }
        let part = next.image.pixels.rows(from: rows.lowerBound, count: rows.count)
        let drawing: [UInt8]
        if display.pixelProtocol == .sixel {
            drawing = SixelEncoder.encode(part)
        } else {
            // A PNG that cannot be written (memory ran out) leaves the room blank; the cells' text stays right.
            guard let png = try? PNGEncoder.encode(part) else { return [] }
            drawing = ITerm2Image.bytes(png: png, width: part.width, height: part.height)
        }
        return Self.atCell(x: next.x, y: next.visible.lowerBound, drawing)
    }

    private mutating func kittyBytes(next: PixelPicture?, repainted: Bool) -> [UInt8] {
        guard let next else {
            defer { shown = nil }
            guard shown != nil, let kittyImage else { return [] }
            return KittyGraphics.delete(id: kittyImage.id, freeing: false)
        }
        var output: [UInt8] = []
        // A cleared screen loses kitty's placements (and may lose the data): send it again.
        if kittyImage?.image !== next.image || repainted {
            if let old = kittyImage { output += KittyGraphics.delete(id: old.id, freeing: true) }
            kittyImage = nil
            shown = nil
            guard let png = try? PNGEncoder.encode(next.image.pixels) else { return output }  // as for iTerm2's
            let id = nextKittyID
            nextKittyID = nextKittyID == UInt32.max ? 1 : nextKittyID + 1
            output += KittyGraphics.transmit(png: png, id: id)
            kittyImage = (next.image, id)
        }
        guard let kittyImage, next != shown else { return output }
        shown = next
        let rows = next.visiblePixelRows(cellHeight: display.cell.height)
        guard !rows.isEmpty else { return output + KittyGraphics.delete(id: kittyImage.id, freeing: false) }
        let place = KittyGraphics.place(
            id: kittyImage.id, sourceTop: rows.lowerBound, sourceWidth: next.image.pixels.width, sourceHeight: rows.count)
        return output + Self.atCell(x: next.x, y: next.visible.lowerBound, place)
    }

    /// `drawing` from cell (x, y), with the cursor and attributes saved before and restored
    /// after (DECSC, DECRC): curses' idea of the cursor stays true.
    static func atCell(x: Int, y: Int, _ drawing: [UInt8]) -> [UInt8] {
        Array("\u{1B}7\u{1B}[\(y + 1);\(x + 1)H".utf8) + drawing + Array("\u{1B}8".utf8)
    }
}
