import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// newsboat's files are read from their folder only. Lines the import skips are quoted back,
/// so a link from `~/.newsboat/urls` to a file elsewhere (`/etc/shadow`, a key) would print
/// that file's lines: such a link is refused, and the file it names can be imported by name.
enum NewsboatFiles {
    /// Throws when `file` is a symbolic link to a file outside the folder it lies in.
    static func checkStaysInFolder(_ file: URL, display: String) throws(NewsboatImportError) {
        var info = stat()
        guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return }
        let folder = file.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL.path
        let target = file.resolvingSymlinksInPath().standardizedFileURL.path
        guard !target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else { return }
        throw .unreadable(
            path: display, reason: "it is a link to a file outside its folder; name the file it links to: --import-newsboat FILE")
    }
}
