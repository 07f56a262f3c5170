/// A cursor over the ASCII bytes of a date, for the date parsers (`ISO8601`, its truncated
/// forms, `RFC822Date`): each reads the UTF-8 bytes once, with no `String` made.
struct DateCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var atDigit: Bool { index < bytes.count && (0x30...0x39).contains(bytes[index]) }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Spaces only (ISO 8601's forms).
    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
    }

    /// Spaces, tabs and line ends (the textual forms).
    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    /// Whitespace, or one dash between it ("10-Jun-2003").
    mutating func skipSeparators() {
        skipWhitespace()
        if take(UInt8(ascii: "-")) { skipWhitespace() }
    }

    /// A zone's name (`Z`, `EST`, `Etc/GMT`), or nil when none starts here.
    mutating func zoneName() -> UnsafeBufferPointer<UInt8>? {
        let start = index
        while index < bytes.count, DateZone.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    /// A run of ASCII letters, or nil when none starts here.
    mutating func word() -> UnsafeBufferPointer<UInt8>? {
        let start = index
        while index < bytes.count, (0x41...0x5A).contains(bytes[index] & ~0x20) { index += 1 }
        guard index > start else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    /// Exactly `count` digits; nothing is taken when they are not there.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let digit = Int(bytes[index + offset]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        index += count
        return value
    }

    /// From `minDigits` to `maxDigits` digits, as many as there are; a digit may follow.
    mutating func number(maxDigits: Int, minDigits: Int = 1) -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, index - start < maxDigits, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        guard index - start >= minDigits else {
            index = start
            return nil
        }
        return value
    }

    /// A whole run of digits whose length is in `lengths`: no digit may follow it.
    mutating func digits(_ lengths: ClosedRange<Int>) -> Int? {
        let start = index
        guard let value = number(maxDigits: lengths.upperBound, minDigits: lengths.lowerBound), !atDigit else {
            index = start
            return nil
        }
        return value
    }

    mutating func skipDigits() {
        while atDigit { index += 1 }
    }

    /// One or more digits after the decimal mark, as nanoseconds (digits past the ninth are ignored).
    mutating func fraction() -> Int? {
        var value = 0
        var used = 0
        let start = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if used < 9 {
                value = value * 10 + Int(bytes[index] - 0x30)
                used += 1
            }
            index += 1
        }
        guard index > start else { return nil }
        for _ in used..<9 { value *= 10 }
        return value
    }

    /// `+` is 1 and `-` is -1; ISO 8601 also allows U+2212 MINUS SIGN (`allowsMinusSign`).
    mutating func sign(allowsMinusSign: Bool = false) -> Int? {
        if take(0x2B) { return 1 }
        if take(0x2D) { return -1 }
        if allowsMinusSign, index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x88, bytes[index + 2] == 0x92 {
            index += 3
            return -1
        }
        return nil
    }
}
