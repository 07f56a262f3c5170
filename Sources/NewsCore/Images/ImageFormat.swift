import FoundationEssentials

/// The image types Headlines accepts, recognised by their leading bytes (never by a header a
/// server chose to send).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, gif, webp, avif

    /// The file extension for saved files.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        default: return rawValue
        }
    }

    public var displayName: String { rawValue.uppercased() }

    /// How many leading bytes `detect` needs at most.
    public static let signatureLength = 32

    /// The format the bytes start with, or nil when they are not an image we accept.
    public static func detect(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(signatureLength))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4) && (starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8)) {
            return .avif
        }
        return nil
    }
}
