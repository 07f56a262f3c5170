import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// Writing every byte to a file descriptor, through short writes and interruptions: the one
/// loop behind the log, the config writer, image saves, the standard streams and the
/// terminal's 24-bit colour cells.
public enum DescriptorWriter {
    /// Writes all of `buffer` to `fd`; the `errno` of the write that failed, or nil.
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }  // nothing to write
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                // A descriptor another program made non-blocking (a terminal it shares): wait until it takes more.
                if errno == EAGAIN, waitUntilWritable(fd) { continue }
                return errno
            }
            guard written > 0 else { return EIO }  // no progress on a non-empty write: never loop on it
            offset += written
        }
        return nil
    }

    /// Writes the UTF-8 of `text` to `fd`; the `errno` of the write that failed, or nil.
    public static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    private static func waitUntilWritable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&entry, 1, -1)
            if ready > 0 { return entry.revents & Int16(POLLOUT) != 0 }
            if ready < 0 && errno == EINTR { continue }
            return false
        }
    }
}
