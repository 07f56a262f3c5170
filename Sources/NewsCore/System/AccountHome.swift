#if canImport(Glibc)
    import Glibc
#endif

/// The account's home folder from the password database, for when `HOME` is not set.
enum AccountHome {
    static func path() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        let path = String(cString: directory)
        return path.isEmpty ? "/" : path
    }
}
