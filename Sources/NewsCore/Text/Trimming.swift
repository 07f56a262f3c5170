/// Trimming by `Character` properties, as Foundation's `trimmingCharacters(in:)` with
/// `.whitespacesAndNewlines` and `.whitespaces` did, without loading Foundation's NSString.
/// Foundation counts U+200B (zero width space) as white space too; so does this.
private let zeroWidthSpace: Character = "\u{200B}"

extension StringProtocol {
    /// Without the white space and line breaks at either end.
    public func trimmed() -> String {
        trimming { $0.isWhitespace || $0 == zeroWidthSpace }
    }

    /// Without the spaces and tabs at either end; line breaks stay.
    public func trimmingSpaces() -> String {
        trimming { ($0.isWhitespace && !$0.isNewline) || $0 == zeroWidthSpace }
    }

    /// Without the line breaks at either end.
    public func trimmingNewlines() -> String {
        trimming { $0.isNewline }
    }

    /// Without the characters at either end for which `isTrimmed` holds.
    public func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}
