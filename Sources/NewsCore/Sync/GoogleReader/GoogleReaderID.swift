/// The forms a Google Reader API server writes ids in, and the one form Headlines keeps.
///
/// An item id is a 64-bit number, written three ways: the long form
/// `tag:google.com,2005:reader/item/<16 hex digits>` (`stream/items/contents`, every server), the
/// short form in decimal (`stream/items/ids` on FreshRSS, Miniflux, Inoreader), and, from
/// servers that read the 64 bits as a signed number, a negative decimal. All three become the
/// same `RemoteArticleID`: the 64 bits read as a signed number. What goes back to a server is
/// the long form, which every server reads.
///
/// A feed id is a stream id: `feed/1` (FreshRSS, Miniflux) or `feed/<its URL>` (Google Reader,
/// Inoreader, The Old Reader). A number is kept as it is; any other stream id becomes a stable
/// 62-bit hash of it with bit 62 set, so it never meets a number a server gives.
enum GoogleReaderID {
    static let itemPrefix = "tag:google.com,2005:reader/item/"

    /// An item id in any of the three forms; nil for anything else.
    static func item(_ text: String?) -> RemoteArticleID? {
        guard let text, !text.isEmpty, text.utf8.count <= itemPrefix.utf8.count + 16 else { return nil }
        if text.hasPrefix(itemPrefix) {
            let hex = text.dropFirst(itemPrefix.count)
            guard !hex.isEmpty, hex.count <= 16, let bits = UInt64(hex, radix: 16) else { return nil }
            return RemoteArticleID(Int64(bitPattern: bits))
        }
        if text.hasPrefix("-") {
            guard let signed = Int64(text), signed < 0 else { return nil }
            return RemoteArticleID(signed)
        }
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let bits = UInt64(text) else { return nil }
        return RemoteArticleID(Int64(bitPattern: bits))
    }

    /// The long form of `id`, which every server reads in `i=`.
    static func longForm(_ id: RemoteArticleID) -> String {
        let hex = String(UInt64(bitPattern: id.rawValue), radix: 16)
        return itemPrefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// The feed of a stream id such as `feed/12` or `feed/https://example.com/rss`; nil for a
    /// stream id that does not name a feed.
    static func feed(_ streamID: String?) -> RemoteFeedID? {
        guard let streamID, streamID.hasPrefix("feed/"), streamID.count > 5 else { return nil }
        let rest = streamID.dropFirst(5)
        if rest.utf8.count <= 18, rest.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = Int64(rest),
            number > 0, number < 1 << 62
        {
            return RemoteFeedID(number)
        }
        // FNV-1a over the bytes: the same number in every run (Swift's `Hasher` is seeded per run).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in streamID.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return RemoteFeedID(Int64(bitPattern: (hash & ((1 << 62) - 1)) | (1 << 62)))
    }

    /// Whether a category names the state `name` (`read`, `starred`): `user/-/state/com.google/read`,
    /// or with the user's number in place of `-` (Google Reader, Inoreader).
    static func isState(_ category: String, _ name: String) -> Bool {
        category.hasPrefix("user/") && category.hasSuffix("/state/com.google/" + name)
    }

    /// The label of a category such as `user/-/label/Tech` (or `user/1005/label/Tech`); nil for others.
    static func label(_ category: String) -> String? {
        // user / (- or the user's number) / label / the label, which may hold a "/".
        let parts = category.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user", parts[2] == "label", !parts[3].isEmpty else { return nil }
        return String(parts[3])
    }
}
