import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The log file, used only on the log's serial queue. Lines are appended with one `write` each
/// (no buffer to lose on exit); before a line would take the file past `rotateAt` bytes, the
/// file becomes `file.1` (replacing the one before) and a new file starts.
final class LogFileWriter: @unchecked Sendable {
    let path: String
    let rotateAt: Int
    private var fd: Int32
    private var size: Int
    /// Lines that could not be written (a full disk); the log has nowhere to report them.
    private(set) var dropped = 0

    init(path: String, rotateAt: Int) throws(LogError) {
        self.path = path
        self.rotateAt = rotateAt
        (fd, size) = try Self.open(path)
    }

    deinit { close(fd) }

    func append(_ line: String) {
        let bytes = Array(line.utf8)
        if size > 0, size + bytes.count > rotateAt { rotate() }
        guard fd >= 0 else {
            dropped += 1
            return
        }
        guard bytes.withUnsafeBytes({ DescriptorWriter.writeAll(fd, $0) }) == nil else {
            dropped += 1
            return
        }
        size += bytes.count
    }

    private func rotate() {
        close(fd)
        // If the old file cannot be moved aside (the folder turned read-only), it is emptied
        // instead: the cap holds either way.
        let moved = rename(path, path + ".1") == 0
        if let (newFD, newSize) = try? Self.open(path, truncate: !moved) {  // a failure is counted in `dropped`, below
            fd = newFD
            size = newSize
        } else {
            fd = -1
            size = 0
        }
    }

    /// Opens (creating with mode 0600) for appending; refuses anything but a regular file.
    private static func open(_ path: String, truncate: Bool = false) throws(LogError) -> (Int32, Int) {
        // O_NONBLOCK: opening a FIFO for writing would otherwise wait for a reader for ever.
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC | (truncate ? O_TRUNC : 0)
        let descriptor = systemOpen(path, flags, mode_t(0o600))
        guard descriptor >= 0 else {
            // ENXIO: a FIFO with no reader, refused by O_NONBLOCK.
            let code = errno
            throw LogError(path: path, reason: code == ENXIO ? "it is not a regular file" : String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw LogError(path: path, reason: "it is not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, Int(info.st_size))
    }
}

/// `open(2)`, named apart from `LogFileWriter.open`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
