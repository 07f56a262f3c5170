import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// An open save folder. Files are created relative to its descriptor, so a name can never
/// reach outside it, and the folder cannot be swapped between checks and writes.
final class DirectoryHandle: @unchecked Sendable {
    let fd: Int32
    let path: String

    /// Opens `url`, creating it (and its parents) when missing, and checks it can be written.
    init(_ url: URL) throws(SaveError) {
        path = url.path
        try Self.createFolders(url.path)
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .folderNotWritable(path: url.path, reason: FileSystemErrors.reason(errno)) }
        guard access(url.path, W_OK) == 0 else {
            let reason = FileSystemErrors.reason(errno)  // EROFS on a read-only file system
            close(descriptor)
            throw .folderNotWritable(path: url.path, reason: reason)
        }
        fd = descriptor
    }

    deinit { close(fd) }

    /// `mkdir -p`, reporting why a folder could not be made (read-only, permission, a file in the way).
    private static func createFolders(_ path: String) throws(SaveError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw .folderNotWritable(path: path, reason: FileSystemErrors.reason(errno))
            }
        }
    }

    /// What is at `name`: nil when nothing; a regular file's size; or `.other`.
    enum Entry: Equatable {
        case file(size: Int)
        case other
    }

    func entry(_ name: String) -> Entry? {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFREG { return .file(size: Int(info.st_size)) }
        return .other
    }

    /// Names in the folder (for cleaning leftovers).
    func names() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []  // an unreadable folder has nothing to clean
    }

    func remove(_ name: String) {
        unlinkat(fd, name, 0)
    }
}
