import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// Local documents and images, opened so that nothing but a regular file is ever read: a FIFO
/// or a device (`/dev/zero`, a pipe someone planted) would block the read or never end. The
/// file is opened without blocking and checked on the open descriptor, so it cannot be swapped
/// between the check and the read.
enum LocalFile {
    /// An open regular file and its size.
    struct Opened {
        let handle: ReadOnlyFile
        let size: Int64
    }

    static func open(_ url: URL) throws(NewsError) -> Opened {
        let path = url.path
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .file(path: path, reason: FileSystemErrors.reason(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = FileSystemErrors.reason(errno)
            close(fd)
            throw .file(path: path, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .file(path: path, reason: "it is not a regular file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)  // a regular file never blocks anyway
        return Opened(handle: ReadOnlyFile(fd: fd), size: Int64(info.st_size))
    }

    /// Reads a local document with the same size cap as a download.
    static func read(_ url: URL, limit: Int) throws(NewsError) -> Data {
        let path = url.path
        let opened = try open(url)
        defer { opened.handle.close() }
        if opened.size > Int64(limit) { throw .file(path: path, reason: "it is larger than \(ByteCount.describe(limit))") }
        do {
            let data = try opened.handle.read(upToCount: limit + 1)
            guard data.count <= limit else { throw NewsError.file(path: path, reason: "it is larger than \(ByteCount.describe(limit))") }
            return data
        } catch let error as NewsError {
            throw error
        } catch {
            throw .file(path: path, reason: "it cannot be read")
        }
    }
}

/// `errno` values as the end of a sentence a person reads.
enum FileSystemErrors {
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EISDIR: return "it is a folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case ELOOP: return "it is a loop of symbolic links"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
