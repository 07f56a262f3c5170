/// `[#########.........]  45%` in a given number of columns, or a bouncing block when the
/// total is unknown.
package enum ProgressBar {
    package static func text(fraction: Double?, columns: Int, tick: Int = 0) -> String {
        let inner = max(1, columns - 2)
        guard let fraction else {
            let position = tick % max(1, inner)
            var cells = Array(repeating: Character("·"), count: inner)
            for offset in 0..<min(3, inner) { cells[(position + offset) % inner] = "#" }
            return "[" + String(cells) + "]"
        }
        let clamped = max(0, min(1, fraction))
        // The tolerance keeps k/n × n at k despite binary rounding (15/22 × 22 = 14.999…).
        let filled = Int((clamped * Double(inner) + 1e-9).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: inner - filled) + "]"
    }

    package static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "  ?%" }
        let value = Int((max(0, min(1, fraction)) * 100 + 1e-9).rounded(.down))  // 29/100 × 100 = 28.999…
        let digits = String(value)
        return String(repeating: " ", count: max(0, 3 - digits.count)) + digits + "%"
    }
}
