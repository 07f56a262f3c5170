extension Array {
    /// The array in consecutive slices of at most `size` (requests of a few ids each, the
    /// store's queries of a few feeds each).
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
