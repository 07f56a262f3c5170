import FoundationEssentials

/// The prolog, comments, DOCTYPE, entity declarations and CDATA sections, for `XMLPreparation`.
extension XMLPreparationPass {
    /// Drops `<?xml ...?>` (with any whitespace before it) and returns where content starts.
    mutating func skipDeclaration() -> Int {
        var index = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
        guard has("<?xml", at: index), index + 5 < bytes.count,
            [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5]),
            let close = find("?>", from: index)
        else { return 0 }
        copied = close + 2  // the output starts after it: dropped without a copy
        return close + 2
    }

    enum Step {
        case next(Int)
        case refused(String)
    }

    /// Steps over the prolog; `.next` holds where the root element starts.
    mutating func prolog() -> Step {
        var index = 0
        recordsChanges = false
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case 0x3C where has("<?", at: index):
                guard let close = find("?>", from: index) else { return .next(0) }
                index = close + 2
            case 0x3C where has("<!", at: index) && !has("<![CDATA[", at: index):
                switch markupDeclaration(at: index) {
                case .next(let next): index = next
                case .refused(let reason): return .refused(reason)
                }
            case 0x3C:
                return .next(index)
            default:
                return .next(0)
            }
        }
        return .next(0)
    }

    /// `<!--`, `<![CDATA[`, `<!DOCTYPE` or `<!ENTITY` at `start` (which holds `<`).
    mutating func markupDeclaration(at start: Int) -> Step {
        let count = bytes.count
        if has("<!--", at: start) {
            let end = find("-->", from: start + 4).map { $0 + 3 } ?? count
            replace(start..<end, with: EmptyCollection())
            return .next(end)
        }
        if has("<![CDATA[", at: start) {
            return .next(cdata(from: start + 9))
        }
        if hasIgnoringCase("<!ENTITY", at: start) { return .refused(XMLPreparation.entityRefusal) }
        guard hasIgnoringCase("<!DOCTYPE", at: start) else { return .next(start + 2) }
        // To the `>` that ends it, outside quotes and the internal subset's brackets.
        var index = start + 9
        var quote: UInt8?
        var depth = 0
        while index < count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x5B {
                depth += 1
            } else if byte == 0x5D {
                depth -= 1
            } else if byte == 0x3C, has("<!--", at: index) {
                index = find("-->", from: index + 4).map { $0 + 2 } ?? count  // a comment may hold "]" or ">"
            } else if byte == 0x3C, hasIgnoringCase("<!ENTITY", at: index) {
                return .refused(XMLPreparation.entityRefusal)
            } else if byte == 0x3E, depth <= 0 {
                break
            }
            index += 1
        }
        let end = min(index + 1, count)
        replace(start..<end, with: EmptyCollection())
        return .next(end)
    }

    /// Past the `]]>` that ends a CDATA section whose content starts at `start`, removing
    /// forbidden characters inside it.
    mutating func cdata(from start: Int) -> Int {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x5D, index + 2 < count, bytes[index + 1] == 0x5D, bytes[index + 2] == 0x3E { return index + 3 }
            if byte < 0x20 || byte == 0xEF, Self.special[Int(byte)] {
                index = forbidden(at: index) ?? index + 1
            } else {
                index += 1
            }
        }
        return count
    }
}
