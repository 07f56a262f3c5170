import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call while setting the server up.
struct LoopbackServerError: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }
    var description: String { "LoopbackServer: \(call) failed: \(String(cString: strerror(code)))" }
}
