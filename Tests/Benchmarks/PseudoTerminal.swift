import CPseudoTerminal
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal for driving the real curses driver without a real terminal. A thread
/// drains what curses writes, as a terminal would, so writes never block.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: Int32

    init(width: Int, height: Int) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard pty_open(&master, &slave, UInt16(height), UInt16(width)) == 0 else {
            throw BenchmarkFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.master = master
        self.slave = slave
        let fd = master
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while read(fd, &buffer, buffer.count) > 0 {}
        }
        thread.start()
    }

    func close() {
        Glibc.close(slave)
        Glibc.close(master)
    }
}
