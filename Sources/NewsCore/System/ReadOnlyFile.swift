import FoundationEssentials
import Glibc

/// An open file descriptor read in chunks and closed once: what `FileHandle` gave the local
/// reads, without Foundation's NSObject machinery.
final class ReadOnlyFile: @unchecked Sendable {  // one reader at a time, as FileHandle
    private var fd: Int32

    init(fd: Int32) { self.fd = fd }

    deinit { close() }

    /// Up to `count` bytes, fewer only at the end of the file; empty at the end.
    func read(upToCount count: Int) throws(ReadFailure) -> Data {
        var data = Data(count: count)
        var filled = 0
        while filled < count {
            let got = data.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + filled, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw ReadFailure(code: errno)
            }
            if got == 0 { break }
            filled += got
        }
        data.count = filled
        return data
    }

    func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)  // a read-only descriptor: closing cannot lose data
        fd = -1
    }

    struct ReadFailure: Error {
        let code: Int32
    }
}
