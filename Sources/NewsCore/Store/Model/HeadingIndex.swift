/// A list's headings as the `/` filter searches them: each article's id, in list order, and its
/// title and source name lowercased and case folded, as UTF-8, one after another in one buffer.
/// No article is decoded to make it (100,000 took 0.65 s so, and as much again to fold), so the
/// first `/` answers from the cache at once; the rows shown are read by id (`headings(ids:)`).
public struct HeadingIndex: Sendable {
    public private(set) var ids: [ArticleID] = []
    /// Whether each was read when the index was made (`A` on a filtered list counts the unread).
    public private(set) var isRead: [Bool] = []
    /// Every heading's folded text, one after another.
    public private(set) var haystacks: [UInt8] = []
    /// Where each heading's text ends in `haystacks` (it starts where the one before ends).
    public private(set) var ends: [Int32] = []
    /// Characters beyond ASCII met so far, folded (see `appendFolded`).
    private var foldedScalars: [UInt32: [UInt8]] = [:]

    public init() {}

    public var count: Int { ids.count }

    /// The folded text of heading `index`.
    public func haystack(_ index: Int) -> ArraySlice<UInt8> {
        haystacks[range(of: index)]
    }

    /// Appends a heading from its title's and source name's UTF-8 (as the cache holds them).
    /// U+001F between the two: nothing typed matches across them.
    public mutating func append(_ id: ArticleID, isRead read: Bool, title: UnsafeBufferPointer<UInt8>, sourceName: UnsafeBufferPointer<UInt8>) {
        ids.append(id)
        isRead.append(read)
        appendFolded(title)
        haystacks.append(0x1F)
        appendFolded(sourceName)
        ends.append(Int32(truncatingIfNeeded: haystacks.count))
    }

    public mutating func append(_ id: ArticleID, isRead read: Bool, title: String, sourceName: String?) {
        var title = title
        var sourceName = sourceName ?? ""
        title.withUTF8 { title in sourceName.withUTF8 { append(id, isRead: read, title: title, sourceName: $0) } }
    }

    /// Where heading `index`'s text lies in `haystacks`.
    private func range(of index: Int) -> Range<Int> { (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index]) }

    /// The same headings in another order: heading `places[i]` of this index comes i-th.
    public func reordered(_ places: [Int32]) -> HeadingIndex {
        var reordered = HeadingIndex()
        reordered.ids = places.map { ids[Int($0)] }
        reordered.isRead = places.map { isRead[Int($0)] }
        reordered.haystacks.reserveCapacity(haystacks.count)
        reordered.ends.reserveCapacity(places.count)
        haystacks.withUnsafeBufferPointer { all in
            for place in places {
                let index = Int(place)
                reordered.haystacks.append(contentsOf: UnsafeBufferPointer(rebasing: all[range(of: index)]))
                reordered.ends.append(Int32(truncatingIfNeeded: reordered.haystacks.count))
            }
        }
        return reordered
    }

    public mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        isRead.reserveCapacity(count)
        ends.reserveCapacity(count)
        haystacks.reserveCapacity(count * 64)
    }

    /// `utf8` lowercased and case folded (as `fold`), appended: ASCII, as most headings are,
    /// copied and lowered in place; any other character folded once and remembered (a list's
    /// headings use few), since lowering a string costs more than reading it from the cache.
    /// Invalid UTF-8 (a hand-edited file) is read as U+FFFD, as the rows' text is.
    private mutating func appendFolded(_ utf8: UnsafeBufferPointer<UInt8>) {
        var run = 0  // the ASCII bytes from here are copied in one go
        var offset = 0
        while offset < utf8.count {
            guard utf8[offset] >= 0x80 else {
                offset += 1
                continue
            }
            appendLowered(UnsafeBufferPointer(rebasing: utf8[run..<offset]))
            var iterator = UnsafeBufferPointer(rebasing: utf8[offset...]).makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
                // Invalid from here: the rest read as the rows' text is (U+FFFD for each bad run).
                haystacks.append(contentsOf: Self.fold(String(decoding: UnsafeBufferPointer(rebasing: utf8[offset...]), as: UTF8.self)).utf8)
                return
            }
            if let known = foldedScalars[scalar.value] {
                haystacks.append(contentsOf: known)
            } else {
                let folded = Array(Self.fold(String(scalar)).utf8)
                foldedScalars[scalar.value] = folded
                haystacks.append(contentsOf: folded)
            }
            offset += UTF8.width(scalar)
            run = offset
        }
        appendLowered(UnsafeBufferPointer(rebasing: utf8[run...]))
    }

    /// ASCII bytes appended with A-Z lowered.
    private mutating func appendLowered(_ ascii: UnsafeBufferPointer<UInt8>) {
        guard !ascii.isEmpty else { return }
        let start = haystacks.count
        haystacks.append(contentsOf: ascii)
        haystacks.withUnsafeMutableBufferPointer { bytes in
            for index in start..<bytes.count where bytes[index] &- 0x41 < 26 { bytes[index] |= 0x20 }
        }
    }

    /// What the reader typed, folded as the headings are.
    public static func fold(_ text: String) -> String { CaseFolding.fold(text.lowercased()) }
}
