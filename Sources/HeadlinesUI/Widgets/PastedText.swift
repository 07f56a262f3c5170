/// Pasted text as a prompt takes it: one line, its line breaks and tabs made spaces, other
/// controls left out (a paste is text from anywhere), at most a prompt's length.
enum PastedText {
    static func line(_ text: String) -> [Character] {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: if scalars.last != " " { scalars.append(" ") }
            case 0..<0x20, 0x7F..<0xA0: continue
            default: scalars.append(scalar)
            }
        }
        let line = String(scalars).trimmingSpaces()
        return Array(line.prefix(LineEditor.maxLength))
    }
}

extension String {
    fileprivate func trimmingSpaces() -> Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
