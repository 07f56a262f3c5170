import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A self-pipe that every wait in the server polls next to its socket. Closing the write
/// end makes the read end readable for good, waking all threads at once: that is how
/// stop() interrupts delays, hangs and stalled writes without ever blocking.
final class StopSignal: Sendable {
    let readFD: Int32
    private let writeFD: Mutex<Int32>  // -1 once fired

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw LoopbackServerError("pipe", errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readFD = fds[0]
        writeFD = Mutex(fds[1])
    }

    func fire() {
        writeFD.withLock { writeFD in
            if writeFD >= 0 {
                close(writeFD)
                writeFD = -1
            }
        }
    }

    // Only reached once no thread can poll readFD any more (they all hold a reference).
    deinit {
        fire()
        close(readFD)
    }
}
