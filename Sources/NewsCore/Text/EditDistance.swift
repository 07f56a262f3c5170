/// Whether two short names differ by at most one insertion, deletion, substitution or swap of
/// two neighbours (the usual typing slips).
enum EditDistance {
    static func isAtMostOne(_ a: String, _ b: String) -> Bool {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        if a.count == b.count {
            let differences = a.indices.filter { a[$0] != b[$0] }
            if differences.count == 2, differences[1] == differences[0] + 1,
                a[differences[0]] == b[differences[1]], a[differences[1]] == b[differences[0]]
            {
                return true
            }
        }
        var i = 0, j = 0, edits = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                i += 1
                j += 1
                continue
            }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count { i += 1 } else if a.count < b.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }
}
