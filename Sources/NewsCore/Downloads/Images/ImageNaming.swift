import FoundationEssentials

/// An image's save: named from the article's title and a hash of the image's address, with the
/// extension of the format its bytes show; an earlier save found where the cache noted it, else
/// under its name (plain or -2, -3... when something else held the plain name at the time).
struct ImageNaming: SaveNaming {
    let request: SaveRequest
    let stem: String

    init(_ request: SaveRequest) {
        self.request = request
        stem = SafeFileName.stem(title: request.title, imageURL: request.imageURL)
    }

    var expecting: FileSink.Expectation { .image }

    func earlierSave(in directory: DirectoryHandle, folder: URL) -> SavedImage? {
        if let noted = request.savedBefore, let size = notedFile(noted, in: directory, folder: folder),
            let format = ImageFormat.allCases.first(where: { noted.lastPathComponent.hasSuffix("." + $0.fileExtension) })
        {
            return SavedImage(file: folder.appendingPathComponent(noted.lastPathComponent), format: format, byteCount: size, alreadySaved: true)
        }
        for attempt in 1...50 {
            var taken = false
            for format in ImageFormat.allCases {
                let name = SafeFileName.name(stem: stem, format: format, attempt: attempt)
                switch directory.entry(name) {
                case .file(let size) where size > 0:
                    return SavedImage(file: folder.appendingPathComponent(name), format: format, byteCount: size, alreadySaved: true)
                case nil: continue
                default: taken = true
                }
            }
            if !taken { return nil }  // these names were free, so no save went on to the next
        }
        return nil
    }

    func name(attempt: Int, of sink: FileSink) throws(SaveError) -> String {
        guard let format = sink.format else { throw .notAnImage(contentType: nil) }
        return SafeFileName.name(stem: stem, format: format, attempt: attempt)
    }

    func saved(_ file: URL, from sink: FileSink) -> SavedImage {
        // `name` has checked the format.
        SavedImage(file: file, format: sink.format ?? .png, byteCount: sink.written, alreadySaved: false)
    }
}
