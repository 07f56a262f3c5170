import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// A password's bytes, as read from a file or a command's output, zeroed once they have been
/// made text, so that the heap does not keep them after the read. `explicit_bzero`, which the
/// compiler may not drop as a dead store. The `String` made from them cannot be wiped so: Swift
/// copies strings freely (slices, bridging, copy on write) and gives no way to clear a storage
/// it owns, so the password stays in memory as text until the process ends (which is why the
/// process is made not dumpable, see `ServerPassword`).
enum SecretBytes {
    /// The UTF-8 text of `bytes` (nil when it is not UTF-8); `bytes` is zeroed either way.
    static func takeText(_ bytes: inout [UInt8]) -> String? {
        defer { wipe(&bytes) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// As `takeText` for bytes read into `Data`, which must not be shared (else the copy is wiped).
    static func takeText(_ data: inout Data) -> String? {
        defer { wipe(&data) }
        return String(validating: data, as: UTF8.self)
    }

    static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { explicit_bzero(base, raw.count) }
        }
    }

    static func wipe(_ data: inout Data) {
        data.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { explicit_bzero(base, raw.count) }
        }
    }
}
