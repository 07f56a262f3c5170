import FoundationEssentials

/// The kitty graphics protocol's commands (sw.kovidgoyal.net/kitty/graphics-protocol): a PNG
/// sent once under an id, then placed (and placed again, replacing itself) wherever the picture
/// shows, and deleted when it goes. Every command asks for no answer (`q=2`), so nothing comes
/// back to be read as keys.
enum KittyGraphics {
    /// Base64 characters a chunk carries: the protocol's limit.
    static let chunkSize = 4096

    /// Transmits `png` as image `id`, in chunks.
    static func transmit(png: [UInt8], id: UInt32) -> [UInt8] {
        let encoded = Array(Data(png).base64EncodedData())
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count + encoded.count / chunkSize * 16 + 64)
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkSize)
            let more = end < encoded.count ? 1 : 0
            let control = start == 0 ? "a=t,f=100,t=d,i=\(id),q=2,m=\(more)" : "m=\(more)"
            output.append(contentsOf: "\u{1B}_G\(control);".utf8)
            output.append(contentsOf: encoded[start..<end])
            output.append(contentsOf: "\u{1B}\\".utf8)
            start = end
        } while start < encoded.count
        return output
    }

    /// Places rows `sourceTop ..< sourceTop + sourceHeight` of image `id` (all its width) from
    /// the cursor at its own pixel size (the picture was scaled to the cells already; kitty
    /// would stretch it to a `c`×`r` box), as placement 1, which replaces an earlier one, leaving
    /// the cursor where it was (`C=1`).
    static func place(id: UInt32, sourceTop: Int, sourceWidth: Int, sourceHeight: Int) -> [UInt8] {
        Array("\u{1B}_Ga=p,i=\(id),p=1,x=0,y=\(sourceTop),w=\(sourceWidth),h=\(sourceHeight),C=1,q=2\u{1B}\\".utf8)
    }

    /// Removes image `id`'s placements; `freeing` also drops its data from the terminal.
    static func delete(id: UInt32, freeing: Bool) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=\(freeing ? "I" : "i"),i=\(id),q=2\u{1B}\\".utf8)
    }
}
