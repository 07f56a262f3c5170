/// Counts as people read them: 3,452.
package enum CountText {
    package static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (count < 0 ? "-" : "") + out
    }
}
