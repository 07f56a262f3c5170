import Foundation
#if canImport(Glibc)
    import Glibc
#endif
@testable import NewsCore
import Testing
import TestSupport

/// Only regular files are read from disk: a FIFO would block the open (or the read) forever,
/// and a device such as /dev/zero would never end. Each is refused at once, with a reason.
@Suite struct NonRegularFileTests {
    enum Kind: String, CaseIterable, Sendable {
        case fifo, characterDevice, symbolicLinkToFIFO, folder
    }

    /// A path of the given kind, in `folder`.
    static func path(_ kind: Kind, in folder: TemporaryFolder) throws -> URL {
        switch kind {
        case .fifo:
            let url = folder.file("pipe.png")
            try #require(mkfifo(url.path, 0o644) == 0)
            return url
        case .characterDevice:
            return URL(fileURLWithPath: "/dev/zero")
        case .symbolicLinkToFIFO:
            let fifo = folder.file("hidden-pipe")
            try #require(mkfifo(fifo.path, 0o644) == 0)
            let link = folder.file("innocent.png")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: fifo)
            return link
        case .folder:
            return folder.url
        }
    }

    @Test(arguments: Kind.allCases)
    func aLocalDocumentMustBeARegularFile(_ kind: Kind) async throws {
        let folder = try TemporaryFolder("documents")
        let url = try Self.path(kind, in: folder)
        let error = await thrownError { try await DocumentSource(service: NewsService(), location: url).fetch() }
        #expect(error as? NewsError == .file(path: url.path, reason: "it is not a regular file"))
    }

    @Test(arguments: Kind.allCases)
    func anArticleImageMustBeARegularFile(_ kind: Kind) async throws {
        let folder = try TemporaryFolder("images")
        let url = try Self.path(kind, in: folder)
        let error = await thrownError { try await ImageLoader().fetch(url) { _ in } }
        #expect(error as? NewsError == .file(path: url.path, reason: "it is not a regular file"))
    }

    @Test(arguments: Kind.allCases)
    func savingALocalImageMustReadARegularFile(_ kind: Kind) async throws {
        let source = try TemporaryFolder("edition")
        let target = try TemporaryFolder()
        let url = try Self.path(kind, in: source)
        let persistence = Persistence(folder: target.url, http: saveTestHTTP)
        let error = await thrownError { try await persistence.save(SaveRequest(imageURL: url, title: "Pipe")) }
        #expect(error as? SaveError == .network(.file(path: url.path, reason: "it is not a regular file")))
        #expect(target.names().isEmpty, "no file and no temporary file is left")
    }
}

/// A folder on a read-only file system is named as such, not as a permission problem.
@Suite struct ReadOnlyFileSystemTests {
    /// Mounting needs root (CI runs as root); elsewhere the test is skipped, not passed.
    static let canMount = getuid() == 0

    @Test(.enabled(if: canMount, "mounting a read-only tmpfs needs root"))
    func savingToAReadOnlyFileSystemSaysSo() async throws {
        let mountPoint = try TemporaryFolder("readonly")
        let mount = try await ProcessRunner("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", mountPoint.url.path]).run(timeout: .seconds(10))
        try #require(mount.status == 0, "mount failed: \(mount.stderrText)")
        defer { _ = try? ProcessRunner("umount", [mountPoint.url.path]).runSynchronously(timeout: .seconds(10)) }  // best effort: the folder is temporary
        for folder in [mountPoint.url, mountPoint.url.appendingPathComponent("headlines")] {
            let persistence = Persistence(folder: folder, http: saveTestHTTP)
            let image = URL(fileURLWithPath: "/nonexistent.png")
            let error = await thrownError { try await persistence.save(SaveRequest(imageURL: image, title: "Read only")) }
            #expect(error as? SaveError == .folderNotWritable(path: folder.path, reason: "the file system is read-only"))
            #expect((error as? SaveError)?.message.contains("read-only") == true)
        }
    }
}
