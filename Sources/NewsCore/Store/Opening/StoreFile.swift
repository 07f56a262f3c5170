import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// The cache file on disk: made private, and moved aside when it cannot be used.
enum StoreFile {
    /// Creates the folder (and missing parents) readable by its owner only.
    static func prepareFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotOpen(path: folder.path, reason: reason(error))
        }
    }

    /// Refuses a cache path that names a folder or another thing that is not a file, saying so.
    static func refuseNonFile(_ file: URL) throws {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return }  // missing: it is made; unreadable: opening says why
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw StoreError.cannotOpen(path: file.path, reason: "it is a directory, not a file")
        default: throw StoreError.cannotOpen(path: file.path, reason: "it is not a regular file")
        }
    }

    static func isRegularFile(_ file: URL) -> Bool {
        var info = stat()
        return stat(file.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Creates an empty file with mode 0600 when there is none, so that SQLite (which makes
    /// its `-wal` and `-shm` files with the database's mode) never makes a readable one.
    static func createIfMissing(_ file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw StoreError.cannotOpen(path: file.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Moves the file and its `-wal` and `-shm` companions to `<name>.damaged-<UTC time>`
    /// (with `-2`, `-3`... if taken); returns the new path of the file.
    static func moveAside(_ file: URL, at now: Date) throws -> URL {
        let stamp = timestamp(now)
        let manager = FileManager.default
        var target = file.appendingPathExtension("damaged-\(stamp)")
        var attempt = 2
        while manager.fileExists(atPath: target.path) {
            target = file.appendingPathExtension("damaged-\(stamp)-\(attempt)")
            attempt += 1
        }
        do {
            try manager.moveItem(at: file, to: target)
            for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: file.path + suffix) {
                try manager.moveItem(atPath: file.path + suffix, toPath: target.path + suffix)
            }
        } catch {
            throw StoreError.cannotOpen(path: file.path, reason: "it is damaged and cannot be moved aside: " + reason(error))
        }
        return target
    }

    /// `20250131-235959`, in UTC.
    static func timestamp(_ date: Date) -> String {
        // 2025-01-31T23:59:59Z without its separators.
        let iso = ISO8601.formatUTC(date).filter { $0 != "-" && $0 != ":" && $0 != "Z" }
        return iso.replacing("T", with: "-")
    }

    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return String(describing: error)
    }
}
