import FoundationEssentials

/// An enclosure's download: into its source's folder under the name its link ends with
/// (`PodcastFolder.fileName`), refused when it is plainly no recording where the feed announced
/// one; the file the cache noted from an earlier download found again.
struct EnclosureNaming: SaveNaming {
    let request: EnclosureRequest

    var expecting: FileSink.Expectation { .enclosure(EnclosureTypeCheck(announced: request.mimeType)) }

    func earlierSave(in directory: DirectoryHandle, folder: URL) -> SavedEnclosure? {
        guard let noted = request.savedBefore, let size = notedFile(noted, in: directory, folder: folder) else { return nil }
        return SavedEnclosure(file: folder.appendingPathComponent(noted.lastPathComponent), byteCount: size, alreadySaved: true)
    }

    func name(attempt: Int, of sink: FileSink) throws(SaveError) -> String {
        PodcastFolder.fileName(request.url, attempt: attempt)
    }

    func saved(_ file: URL, from sink: FileSink) -> SavedEnclosure {
        SavedEnclosure(file: file, byteCount: sink.written, alreadySaved: false)
    }
}
