import Foundation

/// Reads a local document with the same size cap as a download, refusing what is not a regular file.
enum LocalFile {
    static func read(_ url: URL, limit: Int) throws(NewsError) -> Data {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .file(path: path, reason: FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file")
        }
        if let type = attributes[.type] as? FileAttributeType, type != .typeRegular, type != .typeSymbolicLink {
            throw .file(path: path, reason: "it is not a regular file")
        }
        if let size = attributes[.size] as? NSNumber, size.int64Value > Int64(limit) {
            throw .file(path: path, reason: "it is larger than \(ByteCount.describe(limit))")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .file(path: path, reason: "permission denied") }
        defer { try? handle.close() }  // closing a read-only handle cannot lose data
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else { throw NewsError.file(path: path, reason: "it is larger than \(ByteCount.describe(limit))") }
            return data
        } catch let error as NewsError {
            throw error
        } catch {
            throw .file(path: path, reason: "it cannot be read")
        }
    }
}
