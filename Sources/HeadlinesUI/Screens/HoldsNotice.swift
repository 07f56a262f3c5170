import HeadlinesSession

/// A screen state that holds the notice its screen's last change left (`show(_:)` sets it).
package protocol HoldsNotice {
    var notice: Notice? { get }
    mutating func show(_ notice: Notice?)
}

extension HoldsNotice {
    /// The notice, handed over once (`Screen.takeNotice`): taking it clears it, so it shows once.
    package mutating func takeNotice() -> Notice? {
        defer { show(nil) }
        return notice
    }
}
