import FoundationEssentials
import Glibc
import NewsCore

/// The lines of sources that `--print` fetched ahead of a slower one, once those kept in memory
/// pass `PrintCommand.heldBytes`: appended to a temporary file that has no name (unlinked at
/// once, so nothing is left behind however the run ends) and read back when their turn comes.
/// A thousand feeds grouped by host finish far out of order; printing them in order then holds
/// nearly all of their lines, and a file holds them for a few pages of memory. Used by the print
/// loop alone, one call at a time.
final class PrintSpill {
    /// Where a source's lines went: their place in the file.
    struct Place: Sendable, Equatable {
        let offset: Int
        let length: Int
    }

    /// Why the file could not be used: the `errno` of the call that failed.
    struct Failure: ReadableError {
        let code: Int32
        var message: String {
            "Its articles could not be kept in a temporary file until their turn to print: \(String(cString: strerror(code)))."
        }
    }

    private let folder: String
    private var descriptor: Int32?
    /// How many texts were stored, and their bytes: the end of the file.
    private(set) var stored = 0
    private(set) var end = 0

    /// `folder`: where the file is made (`TMPDIR`, else /tmp).
    init(folder: String) { self.folder = folder }

    deinit { if let descriptor { close(descriptor) } }

    /// Appends `text`; where it went, or why it could not be kept (the caller keeps it in memory then).
    func store(_ text: String) -> Result<Place, Failure> {
        let descriptor: Int32
        switch open() {
        case .success(let opened): descriptor = opened
        case .failure(let failure): return .failure(failure)
        }
        var bytes = Array(text.utf8)
        let count = bytes.count
        var written = 0
        let failed: Int32? = bytes.withUnsafeMutableBytes { buffer in
            while written < count {
                let result = pwrite(descriptor, buffer.baseAddress! + written, count - written, off_t(end + written))
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                guard result > 0 else { return EIO }
                written += result
            }
            return nil
        }
        if let failed { return .failure(Failure(code: failed)) }
        defer {
            end += count
            stored += 1
        }
        return .success(Place(offset: end, length: count))
    }

    /// The text stored at `place`.
    func read(_ place: Place) -> Result<String, Failure> {
        guard let descriptor else { return .failure(Failure(code: EBADF)) }
        var bytes = [UInt8](repeating: 0, count: place.length)
        var done = 0
        let failed: Int32? = bytes.withUnsafeMutableBytes { buffer in
            while done < place.length {
                let result = pread(descriptor, buffer.baseAddress! + done, place.length - done, off_t(place.offset + done))
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                guard result > 0 else { return EIO }  // the file is shorter than what was written: never loop
                done += result
            }
            return nil
        }
        if let failed { return .failure(Failure(code: failed)) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The file, made on first use with `mkstemp` and unlinked at once.
    private func open() -> Result<Int32, Failure> {
        if let descriptor { return .success(descriptor) }
        var template = Array((folder + "/headlines-print-XXXXXX").utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else { return .failure(Failure(code: errno)) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(opened, F_SETFD, FD_CLOEXEC)  // a browser or player started later never inherits it
        descriptor = opened
        return .success(opened)
    }
}
