import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads two pipes together until both reach end-of-file.
struct PipeDrain {
    private var descriptors: [Int32]
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(stdout: Int32, stderr: Int32) {
        descriptors = [stdout, stderr]
    }

    var isFinished: Bool { descriptors.allSatisfy { $0 < 0 } }

    /// Waits up to `milliseconds` for data, reads what is there, and notes pipes that closed.
    mutating func pump(waitingAtMost milliseconds: Int32) {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return }
        for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
            let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
            if count > 0 {
                if index == 0 {
                    stdout.append(contentsOf: buffer[0..<count])
                } else {
                    stderr.append(contentsOf: buffer[0..<count])
                }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                descriptors[index] = -1
            }
        }
    }
}

/// Set from a task-cancellation handler, read by the thread that runs the process.
final class CancellationFlag: Sendable {
    private let cancelled = Mutex(false)

    var isCancelled: Bool { cancelled.withLock { $0 } }
    func cancel() { cancelled.withLock { $0 = true } }
}
