import FoundationEssentials

/// A file an article carries: a podcast's episode (RSS `enclosure`, Atom `link rel="enclosure"`,
/// JSON Feed `attachments`, Media RSS `media:content` of audio or video). Made only through the
/// checking initialiser, by decoders and by the store alike: the link is an absolute http(s)
/// URL within `TextLimits.url`, the type a plain lower-case MIME type, the numbers in range.
public struct Enclosure: Sendable, Hashable {
    public let url: URL
    /// `audio/mpeg`, lower case, parameters dropped; nil when the feed gave none or nonsense.
    public let mimeType: String?
    /// The size the feed announces, in bytes; nil when it gave none, 0 or nonsense.
    public let byteSize: Int64?
    /// The running time the feed announces, in seconds; nil when unknown.
    public let duration: Int?

    /// The largest size or duration believed: beyond them a feed's number is nonsense.
    public static let maximumByteSize: Int64 = 1 << 44  // 16 TiB
    public static let maximumDuration = 1_000 * 3_600  // a thousand hours

    /// Nil when the URL is not a web link, or too long.
    public init?(url: URL, mimeType: String? = nil, byteSize: Int64? = nil, duration: Int? = nil) {
        guard URLPolicy.isWeb(url), url.absoluteString.utf8.count <= TextLimits.url else { return nil }
        self.url = url
        self.mimeType = mimeType.flatMap(Self.normalisedType)
        self.byteSize = byteSize.flatMap { (1...Self.maximumByteSize).contains($0) ? $0 : nil }
        self.duration = duration.flatMap { (1...Self.maximumDuration).contains($0) ? $0 : nil }
    }

    /// Whether the type says audio or video (what a player plays).
    public var isMedia: Bool {
        guard let mimeType else { return false }
        return Self.isMediaType(mimeType)
    }

    static func isMediaType(_ type: String) -> Bool {
        type.hasPrefix("audio/") || type.hasPrefix("video/") || type == "application/ogg"
    }

    /// `type/subtype` in lower case, of RFC 6838's name characters only and at most 127 of them
    /// each; parameters (`; codecs=...`) dropped. Nil for anything else.
    static func normalisedType(_ text: String) -> String? {
        let essence = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = essence.lowercased().trimmed().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        for part in parts {
            guard (1...127).contains(part.utf8.count), part.utf8.allSatisfy(isNameByte) else { return nil }
        }
        return parts[0] + "/" + parts[1]
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "!#$&-^_.+".utf8.contains(byte)
        }
    }
}

/// The numbers feeds write for an enclosure: sizes in bytes, durations in seconds or clock form.
public enum EnclosureNumbers {
    /// A byte count as written (`12345678`, with spaces around); nil for anything else.
    public static func byteSize(_ text: String) -> Int64? {
        let trimmed = text.trimmed()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 19, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(trimmed)
    }

    /// `itunes:duration` and kin: whole seconds (`3723`, `3723.5`), `MM:SS` or `HH:MM:SS`
    /// (`62:03` is read too, as iTunes does); nil for anything else.
    public static func duration(_ text: String) -> Int? {
        let trimmed = text.trimmed()
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        if parts.count == 1 {
            // Seconds, maybe with a fraction, which is dropped.
            let whole = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard let seconds = number(whole[0], limit: 9),
                whole.count == 1 || whole[1].utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { return nil }
            return seconds
        }
        var total = 0
        for (index, part) in parts.enumerated() {
            // The first part may be any size; the others are under 60.
            guard let value = number(part, limit: index == 0 ? 6 : 2), index == 0 || value < 60 else { return nil }
            total = total * 60 + value
        }
        return total
    }

    private static func number(_ text: Substring, limit: Int) -> Int? {
        guard (1...limit).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// A duration as a clock shows it: `42:05`, `1:02:03`.
    public static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3_600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}

extension Enclosure {
    /// What the article says of it: `audio/mpeg · 42.1 MiB · 1:02:03`, each part when known.
    public var summary: String {
        var parts = [mimeType ?? "file"]
        if let byteSize { parts.append(ByteCount.describe(Int(byteSize))) }
        if let duration { parts.append(EnclosureNumbers.clock(duration)) }
        return parts.joined(separator: " · ")
    }
}
