import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if !canImport(Darwin)
    /// glibc functions that Swift's Glibc module leaves out (they need _GNU_SOURCE), looked up at run
    /// time: glibc 2.34 or later has them all.
    enum GNUExtensions {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

        static let addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)
        static let addChdir = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
        static let pipe2 = symbol("pipe2", as: Pipe2.self)

        private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
    }
#endif
