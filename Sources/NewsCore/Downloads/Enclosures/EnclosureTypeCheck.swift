/// Whether what a server sent can be the enclosure its feed announced. A podcast host that
/// answers a dead link with 200 and its home page must not leave that page saved as the
/// episode; but recordings come under many types (`audio/x-m4a`, `application/octet-stream`,
/// none at all), so only what no recording is ever served as is refused: a web page, text, a
/// picture, JSON or XML, by its header or by its first bytes.
struct EnclosureTypeCheck: Sendable {
    /// The feed's type for the enclosure (`audio/mpeg`), lower case; nil when it gave none.
    let announced: String?

    /// The reason to refuse a response served as `served` (its bare media type), or nil.
    func refusal(served: String?) -> SaveError? {
        guard expectsRecording, let served, Self.neverARecording(served) else { return nil }
        return .notTheEnclosure(served: served, announced: announced)
    }

    /// The reason to refuse a body starting with `head`, or nil: a page or JSON is plain from
    /// its first bytes, whatever the header claimed.
    func refusal(head: some Collection<UInt8>) -> SaveError? {
        guard expectsRecording, let sniffed = SniffedText(head) else { return nil }
        return .notTheEnclosure(served: sniffed.mediaType, announced: announced)
    }

    /// Audio, video or unannounced: the feed's own text or document enclosures are left alone.
    private var expectsRecording: Bool {
        guard let announced else { return true }
        return announced.hasPrefix("audio/") || announced.hasPrefix("video/")
    }

    private static func neverARecording(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasPrefix("image/") || type.hasSuffix("+xml") || type.hasSuffix("+json")
            || ["application/json", "application/xml", "application/xhtml+xml", "application/javascript"].contains(type)
    }
}
