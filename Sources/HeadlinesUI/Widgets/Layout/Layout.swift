/// An area split into parts side by side (or one above another) by constraints, as ratatui's
/// `Layout` splits a `Rect`: fixed lengths and percentages first, each part's minimum kept, and
/// what is left shared by the parts that fill. A pure function of the sizes: tested without a
/// terminal, and the same split every frame.
package struct Layout: Equatable, Sendable {
    package enum Direction: Sendable { case horizontal, vertical }

    /// What one part asks for.
    package enum Constraint: Equatable, Sendable {
        /// Exactly this many cells (a divider's one column).
        case length(Int)
        /// This share of the whole, in percent, rounded down.
        case percentage(Int)
        /// At least this many cells, and an equal share of what is left beside the other fills.
        case fill(min: Int)
    }

    package var direction: Direction
    package var constraints: [Constraint]

    package init(_ direction: Direction, _ constraints: [Constraint]) {
        self.direction = direction
        self.constraints = constraints
    }

    /// The parts of `area`, in the constraints' order, covering it with no gap and no overlap.
    /// When the area is too small for every length and minimum, the parts are cut from the
    /// last one back (a part may be empty); when room is left and nothing fills, the last part
    /// takes it.
    package func split(_ area: Rect) -> [Rect] {
        guard !constraints.isEmpty else { return [] }
        let total = direction == .horizontal ? area.width : area.height
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let cells): return max(0, cells)
            case .percentage(let percent): return total * max(0, min(100, percent)) / 100
            case .fill(let minimum): return max(0, minimum)
            }
        }
        var left = total - sizes.reduce(0, +)
        let fills = constraints.indices.filter { if case .fill = constraints[$0] { true } else { false } }
        if left > 0 {
            let receivers = fills.isEmpty ? [constraints.count - 1] : fills
            // Shared evenly; the first ones take the odd cells.
            for (order, index) in receivers.enumerated() {
                sizes[index] += left / receivers.count + (order < left % receivers.count ? 1 : 0)
            }
            left = 0
        }
        // Too little room: cut from the last part back.
        var index = sizes.count - 1
        while left < 0, index >= 0 {
            let cut = min(sizes[index], -left)
            sizes[index] -= cut
            left += cut
            index -= 1
        }
        var offset = direction == .horizontal ? area.x : area.y
        return sizes.map { size in
            defer { offset += size }
            switch direction {
            case .horizontal: return Rect(x: offset, y: area.y, width: size, height: area.height)
            case .vertical: return Rect(x: area.x, y: offset, width: area.width, height: size)
            }
        }
    }
}
