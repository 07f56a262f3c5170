import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents so that its path always holds either the old text or the new,
/// whole: a temporary file beside it is written, flushed and renamed over it.
enum AtomicFileWriter {
    /// Writes `data` to `url` with permission bits `mode` (umask does not apply), creating the
    /// folder (mode 0700) when missing. The error is a reason for a message.
    static func write(_ data: Data, to url: URL, mode: UInt32) throws(FileWriteError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw FileWriteError("its folder cannot be created")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard fd >= 0 else { throw FileWriteError(String(cString: strerror(errno))) }
        var renamed = false
        defer {
            if !renamed { unlink(temporary.path) }
        }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode_t(mode & 0o7777)) == 0 else { throw FileWriteError(String(cString: strerror(errno))) }
            try writeAll(data, to: fd)
            guard fsync(fd) == 0 else { throw FileWriteError(String(cString: strerror(errno))) }
        }
        guard rename(temporary.path, url.path) == 0 else { throw FileWriteError(String(cString: strerror(errno))) }
        renamed = true
    }

    private static func writeAll(_ data: Data, to fd: Int32) throws(FileWriteError) {
        if let code = data.withUnsafeBytes({ DescriptorWriter.writeAll(fd, $0) }) {
            throw FileWriteError(String(cString: strerror(code)))
        }
    }
}

/// Why a file could not be written, as a reason to follow "could not write PATH: ".
struct FileWriteError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
