import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A non-blocking connected socket whose every wait is a poll() that also watches the
/// stop pipe and notices the client hanging up (recv()==0, POLLHUP/POLLERR, EPIPE,
/// ECONNRESET). That is what makes cancellation visible to tests within milliseconds.
struct ClientSocket {
    enum Interruption: Error { case clientClosed, stopped }

    let fd: Int32
    let stopFD: Int32

    /// Waits until `deadline` (nil: forever), discarding anything the client sends.
    /// Returns normally when the time is up; throws when the client leaves or on stop.
    func idle(until deadline: ContinuousClock.Instant?) throws(Interruption) {
        while true {
            guard let revents = try poll(Int16(POLLIN), until: deadline) else { return }
            try drain(revents)
        }
    }

    /// Reads what is available into `buffer`, waiting for at least one byte.
    func receive(into buffer: inout [UInt8]) throws(Interruption) {
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += scratch[0..<n]
                return
            }
            if n == 0 { throw .clientClosed }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw .clientClosed }
            let revents = try poll(Int16(POLLIN), until: nil)
            if let revents, revents & Int16(POLLIN) == 0, revents & Int16(POLLERR | POLLHUP) != 0 {
                throw .clientClosed
            }
        }
    }

    /// Writes all of `bytes`, reporting each accepted slice to `progress`.
    func send(_ bytes: UnsafeRawBufferPointer, progress: (Int) -> Void = { _ in }) throws(Interruption) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if n > 0 {
                offset += n
                progress(n)
                continue
            }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else { throw .clientClosed }  // EPIPE, ECONNRESET...
            if let revents = try poll(Int16(POLLOUT | POLLIN), until: nil) {
                try drain(revents)
            }
        }
    }

    func send(_ bytes: [UInt8]) throws(Interruption) {
        // withUnsafeBytes only rethrows untyped errors, so carry ours out as a value.
        let failure: Interruption? = bytes.withUnsafeBytes { raw in
            do throws(Interruption) { try send(raw) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Reads and drops whatever the client sent; throws if that turns out to be a hang-up.
    private func drain(_ revents: Int16) throws(Interruption) {
        if revents & Int16(POLLIN) != 0 {
            var scratch = [UInt8](repeating: 0, count: 16 * 1024)
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { throw .clientClosed }
            if n < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { throw .clientClosed }
        } else if revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
            throw .clientClosed
        }
    }

    /// One poll() on the socket and the stop pipe. Returns the socket's revents, or nil when
    /// the deadline passed; throws `.stopped` when the stop pipe fired.
    private func poll(_ events: Int16, until deadline: ContinuousClock.Instant?) throws(Interruption) -> Int16? {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - .now
                if left <= .zero { return nil }
                // Round up so we never wake early and spin; cap to stay in Int32.
                timeout = Int32(min(left.milliseconds.rounded(.up), 3_600_000))
            }
            var fds = [
                pollfd(fd: fd, events: events, revents: 0),
                pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0),
            ]
            let ready = Glibc.poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .clientClosed
            }
            if fds[1].revents != 0 { throw .stopped }
            if fds[0].revents != 0 { return fds[0].revents }
        }
    }

    /// Aborts the connection with a TCP RST instead of a FIN. Closes the socket.
    func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
    }
}

extension Duration {
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
