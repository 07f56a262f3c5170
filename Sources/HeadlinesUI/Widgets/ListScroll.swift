/// A selection in a list and the first visible row, kept so that the selection is always on
/// screen whatever the list's length or the window's height.
package struct ListScroll: Equatable, Sendable {
    package private(set) var selection = 0
    package private(set) var top = 0
    package private(set) var count = 0

    package init() {}

    /// A new list length: the selection stays in range.
    package mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        selection = count == 0 ? 0 : min(selection, count - 1)
        top = min(top, max(0, count - 1))
    }

    package mutating func select(_ index: Int) {
        selection = count == 0 ? 0 : max(0, min(count - 1, index))
    }

    package mutating func move(by delta: Int) { select(selection + delta) }

    /// Selects `index` and puts it on visible row `row` (counted from `top`), so an item that
    /// moved in the list (rows arrived above it) stays where the reader sees it.
    package mutating func keep(_ index: Int, atRow row: Int) {
        select(index)
        top = max(0, selection - max(0, row))
    }

    /// The item drawn on `row` of a screen whose list starts at `layout`'s body (as drawn last,
    /// from `top`); nil for a row with no item.
    package func index(atRow row: Int, in layout: ScreenLayout) -> Int? {
        let line = row - layout.bodyTop
        guard line >= 0, line < layout.bodyRows, top + line < count else { return nil }
        return top + line
    }

    /// Adjusts `top` so the selection is within `rows` visible rows, and returns it.
    @discardableResult
    package mutating func fit(rows: Int) -> Int {
        guard rows > 0, count > 0 else {
            top = 0
            return 0
        }
        if selection < top { top = selection }
        if selection >= top + rows { top = selection - rows + 1 }
        top = max(0, min(top, max(0, count - rows)))
        return top
    }
}
