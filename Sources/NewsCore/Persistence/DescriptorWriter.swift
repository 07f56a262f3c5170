import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writing every byte to a file descriptor, through short writes and interruptions: the one
/// loop behind the log, the config writer, image saves and the standard streams.
public enum DescriptorWriter {
    /// Writes all of `buffer` to `fd`; the `errno` of the write that failed, or nil.
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }  // nothing to write
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
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
}
