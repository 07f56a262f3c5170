import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A TCP port on 127.0.0.1 that refuses connections: bound (so nobody else can take it while
/// the test runs) but never listening, so the kernel answers a SYN with RST.
public final class RefusingPort: @unchecked Sendable {
    public let port: Int
    private var fd: Int32

    public init() throws {
        (fd, port) = try Listener.bindLoopback(listening: false)
    }

    deinit { close() }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }
}
