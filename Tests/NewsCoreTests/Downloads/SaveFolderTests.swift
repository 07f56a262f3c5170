import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// Where images go: explicit, else $XDG_DOWNLOAD_DIR/headlines, else ~/Downloads/headlines;
/// created when missing; a clear error when it cannot be written.
@Suite struct SaveFolderTests {
    let environment = ["HOME": "/home/reader", "XDG_DOWNLOAD_DIR": "/media/dl"]

    @Test func explicitFolderWins() {
        #expect(SaveFolder.resolve(explicit: "/srv/pictures", environment: environment).path == "/srv/pictures")
    }

    @Test func explicitFolderExpandsTilde() {
        #expect(SaveFolder.resolve(explicit: "~/pics", environment: environment).path == "/home/reader/pics")
        #expect(SaveFolder.resolve(explicit: "~", environment: environment).path == "/home/reader")
    }

    @Test func emptyExplicitFallsBackToXDG() {
        #expect(SaveFolder.resolve(explicit: "", environment: environment).path == "/media/dl/headlines")
        #expect(SaveFolder.resolve(explicit: nil, environment: environment).path == "/media/dl/headlines")
    }

    @Test func xdgWithTilde() {
        let folder = SaveFolder.resolve(explicit: nil, environment: ["HOME": "/home/reader", "XDG_DOWNLOAD_DIR": "~/Telechargements"])
        #expect(folder.path == "/home/reader/Telechargements/headlines")
    }

    @Test func noXDGMeansDownloadsInHome() {
        #expect(SaveFolder.resolve(explicit: nil, environment: ["HOME": "/home/reader"]).path == "/home/reader/Downloads/headlines")
        #expect(
            SaveFolder.resolve(explicit: nil, environment: ["HOME": "/home/reader", "XDG_DOWNLOAD_DIR": ""]).path
                == "/home/reader/Downloads/headlines")
    }

    @Test func noHomeUsesTheAccountsHome() {
        let folder = SaveFolder.resolve(explicit: nil, environment: [:])
        #expect(folder.path == URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Downloads/headlines").path)
    }
}

/// The folder as `Persistence` meets it on disk.
@Suite struct SaveFolderOnDiskTests {
    let scratch: TemporaryFolder
    let server: LoopbackServer

    init() throws {
        scratch = try TemporaryFolder("folder")
        server = try LoopbackServer()
    }

    @Test func missingFolderAndItsParentsAreCreated() async throws {
        server.route("/a.png", .bytes(SaveFixtures.image(.png), contentType: "image/png"))
        let folder = scratch.url.appendingPathComponent("one/two/headlines", isDirectory: true)
        #expect(!FileManager.default.fileExists(atPath: folder.path))

        let saved = try await Persistence(folder: folder, http: saveTestHTTP)
            .save(SaveRequest(imageURL: server.url("/a.png"), title: "Nested"))

        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(saved.file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(try Data(contentsOf: saved.file) == SaveFixtures.image(.png))
    }

    /// Tests run as root, for whom permission bits do not block anything; a path under a
    /// regular file cannot be created by anyone.
    @Test func folderUnderARegularFileIsNotWritable() async throws {
        let blocker = try scratch.write(Data("i am a file".utf8), to: "blocker")
        let folder = blocker.appendingPathComponent("sub", isDirectory: true)
        server.route("/a.png", .bytes(SaveFixtures.image(.png), contentType: "image/png"))
        let persistence = Persistence(folder: folder, http: saveTestHTTP)

        let error = await #expect(throws: SaveError.self) {
            try await persistence.save(SaveRequest(imageURL: server.url("/a.png"), title: "Blocked"))
        }
        guard case .folderNotWritable(let path, let reason)? = error else {
            Issue.record("expected folderNotWritable, got \(String(describing: error))")
            return
        }
        #expect(path == folder.path)
        #expect(!reason.isEmpty)
        let message = try #require(error).message
        #expect(message.hasPrefix("Not saved: cannot write to \(folder.path): "), "\(message)")
        #expect(message.hasSuffix("."))
        #expect(server.requests.isEmpty, "nothing is fetched when there is nowhere to put it")
        #expect(try Data(contentsOf: blocker) == Data("i am a file".utf8))

        await #expect(throws: SaveError.self) { try await persistence.cleanLeftovers() }
    }

    @Test func folderThatIsARegularFileIsNotWritable() async throws {
        let blocker = try scratch.write(Data("x".utf8), to: "headlines")
        server.route("/a.png", .bytes(SaveFixtures.image(.png), contentType: "image/png"))
        let error = await #expect(throws: SaveError.self) {
            try await Persistence(folder: blocker, http: saveTestHTTP).save(SaveRequest(imageURL: server.url("/a.png"), title: "t"))
        }
        if case .folderNotWritable(let path, _)? = error {
            #expect(path == blocker.path)
        } else {
            Issue.record("expected folderNotWritable, got \(String(describing: error))")
        }
        #expect(server.requests.isEmpty)
    }

    /// /proc exists and is a directory, but no file can be created in it, even by root: the
    /// temporary file cannot be made, which is reported as the folder not being writable.
    @Test func existingFolderThatRefusesNewFiles() async throws {
        server.route("/a.png", .bytes(SaveFixtures.image(.png), contentType: "image/png"))
        let error = await #expect(throws: SaveError.self) {
            try await Persistence(folder: URL(fileURLWithPath: "/proc", isDirectory: true), http: saveTestHTTP)
                .save(SaveRequest(imageURL: server.url("/a.png"), title: "t"))
        }
        if case .folderNotWritable(let path, let reason)? = error {
            #expect(path == "/proc")
            #expect(!reason.isEmpty)
        } else {
            Issue.record("expected folderNotWritable, got \(String(describing: error))")
        }
    }
}
