import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The listening socket on 127.0.0.1 and the thread that accepts on it, starting one
/// thread per connection (connections are few and short, and blocking-style code with
/// poll() is far easier to reason about than an event loop).
enum Listener {
    /// Binds an ephemeral port on the loopback interface and listens.
    static func open(host: String = "127.0.0.1") throws -> (fd: Int32, port: Int) {
        try bindLoopback(host: host, flags: SOCK_NONBLOCK.rawValue, listening: true)
    }

    /// A TCP socket bound to an ephemeral port on `host` (a 127.x.y.z address: Linux routes the
    /// whole block to the loopback interface), listening or not.
    static func bindLoopback(host: String = "127.0.0.1", flags: UInt32 = 0, listening: Bool) throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | flags), 0)
        guard fd >= 0 else { throw LoopbackServerError("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1, host.hasPrefix("127.") else {
            close(fd)
            throw LoopbackServerError("inet_pton", EINVAL)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, !listening || listen(fd, SOMAXCONN) == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError("bind/listen", code)
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError("getsockname", code)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Starts the accept thread, which owns `fd` and closes it on stop.
    static func startAccepting(on fd: Int32, state: ServerState) {
        state.acceptThreadStarted(listening: fd)
        let thread = Thread {
            acceptLoop(fd, state)
            state.acceptThreadEnded()  // closes fd
        }
        thread.name = "LoopbackServer.accept"
        thread.start()
    }

    private static func acceptLoop(_ listenFD: Int32, _ state: ServerState) {
        while true {
            var fds = [
                pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: state.stopSignal.readFD, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            let client = accept(listenFD, nil, nil)
            guard client >= 0 else { continue }  // EAGAIN, ECONNABORTED...: poll again
            // accept4 is not visible from Swift's Glibc, and accepted sockets do not inherit flags.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            guard state.connectionOpened() else {
                close(client)
                return
            }
            // Trickled chunks must leave at once, not wait for Nagle and delayed ACKs.
            var one: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(
                socket: ClientSocket(fd: client, stopFD: state.stopSignal.readFD), state: state)
            let thread = Thread { connection.run() }
            thread.name = "LoopbackServer.connection"
            thread.start()
        }
    }
}
