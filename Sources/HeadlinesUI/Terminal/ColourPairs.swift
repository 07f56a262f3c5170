/// Colour pairs for exact (palette) colours, handed out as cells need them: a pair is defined
/// the first time a foreground and background meet, reused after, and when every pair the
/// terminal has is taken, the least recently used one is redefined. Pure bookkeeping (the
/// driver makes the curses calls), so it is tested without a terminal.
///
/// A pair still on screen must not be redefined under it: curses would repaint its cells in the
/// new colours. So a pair used in the current frame is never taken back (a frame that needs
/// more pairs than the terminal has draws the rest without colour), and taking back an older
/// one is reported, so the driver repaints the whole frame (only then is nothing on screen
/// drawn with it).
struct ColourPairs {
    /// A foreground and a background: palette indices, or -1 for the terminal's default.
    struct Colours: Hashable {
        var foreground: Int16
        var background: Int16
    }

    enum Assignment: Equatable {
        /// Already defined as asked.
        case existing(Int32)
        /// Define it (`init_extended_pair`) before use. `reclaimed`: it was another pair's, which
        /// may still be on screen.
        case new(Int32, reclaimed: Bool)
        /// Every pair is in use by this frame.
        case none
    }

    /// The first pair number handed out (the ones below belong to the style roles).
    let first: Int32
    /// How many pairs there are to hand out.
    let capacity: Int
    private var slots: [Colours?] = []
    private var lastFrame: [UInt64] = []
    private var slotOf: [Colours: Int] = [:]
    // Slots in order of use, a doubly linked list through arrays: `newer`/`older` of each slot.
    private var newer: [Int] = []
    private var older: [Int] = []
    private var newest = -1
    private var oldest = -1
    private var frame: UInt64 = 1

    /// Pairs `first` ..< `first + capacity`.
    init(first: Int32, capacity: Int) {
        self.first = first
        self.capacity = max(0, capacity)
    }

    var count: Int { slotOf.count }

    /// Starts a frame: pairs used from now on are protected until the next frame.
    mutating func beginFrame() { frame += 1 }

    /// The pair to draw `colours` with.
    mutating func assign(_ colours: Colours) -> Assignment {
        if let slot = slotOf[colours] {
            touch(slot)
            return .existing(first + Int32(slot))
        }
        if slots.count < capacity {
            let slot = slots.count
            slots.append(colours)
            lastFrame.append(frame)
            newer.append(-1)
            older.append(-1)
            slotOf[colours] = slot
            pushNewest(slot)
            return .new(first + Int32(slot), reclaimed: false)
        }
        guard oldest >= 0, lastFrame[oldest] != frame else { return .none }
        let slot = oldest
        if let previous = slots[slot] { slotOf.removeValue(forKey: previous) }
        slots[slot] = colours
        slotOf[colours] = slot
        touch(slot)
        return .new(first + Int32(slot), reclaimed: true)
    }

    private mutating func touch(_ slot: Int) {
        lastFrame[slot] = frame
        guard newest != slot else { return }
        unlink(slot)
        pushNewest(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let before = older[slot], after = newer[slot]
        if before >= 0 { newer[before] = after } else { oldest = after }
        if after >= 0 { older[after] = before } else { newest = before }
        older[slot] = -1
        newer[slot] = -1
    }

    private mutating func pushNewest(_ slot: Int) {
        older[slot] = newest
        newer[slot] = -1
        if newest >= 0 { newer[newest] = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}

extension ColourPairs.Colours {
    /// The palette colours of `style`, when it has any exact colour (true colour is not drawn
    /// through pairs: see `TrueColourCells`).
    init?(_ style: Style) {
        guard style.hasExactColours else { return nil }
        func index(_ colour: PictureColour?) -> Int16? {
            switch colour {
            case nil: return -1
            case .indexed(let value)?: return Int16(value)
            case .rgb?: return nil
            }
        }
        guard let foreground = index(style.foreground), let background = index(style.background) else { return nil }
        self.init(foreground: foreground, background: background)
    }
}
