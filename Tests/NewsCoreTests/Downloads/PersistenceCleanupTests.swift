import Foundation
#if canImport(Glibc)
    import Glibc
#endif
@testable import NewsCore
import Testing
import TestSupport

/// Temporary files left by a process that died mid-save are removed at start.
@Suite struct PersistenceCleanupTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A pid nobody has (checked, not assumed).
    static func deadPID() throws -> Int32 {
        for candidate: Int32 in [999_999, 999_998, 888_887, 4_000_001] where kill(candidate, 0) != 0 && errno == ESRCH {
            return candidate
        }
        throw CleanupTestError.noFreePID
    }

    enum CleanupTestError: Error { case noFreePID }

    @Test func leftoverOfADeadProcessIsRemovedButOneOfALiveProcessIsKept() async throws {
        let dead = try Self.deadPID()
        #expect(kill(1, 0) == 0, "pid 1 is alive")
        let deadName = ".headlines-\(dead)-x.part"
        let liveName = ".headlines-1-x.part"
        _ = try folder.write(Data(repeating: 1, count: 100), to: deadName)
        _ = try folder.write(Data(repeating: 2, count: 100), to: liveName)

        let removed = try await Persistence(folder: folder.url).cleanLeftovers()

        #expect(removed == 1)
        #expect(folder.names() == [liveName])
    }

    @Test func otherFilesAreNeverTouched() async throws {
        let dead = try Self.deadPID()
        let keep = [
            "photo.png",
            "Headline-0123456789.jpg",
            ".headlines-\(dead)-x.tmp",  // not our suffix
            "headlines-\(dead)-x.part",  // not our prefix
            ".hidden",
            "notes.part",
        ]
        for name in keep { _ = try folder.write(Data("keep".utf8), to: name) }
        _ = try folder.write(Data(), to: ".headlines-\(dead)-abcdef123456.part")

        let removed = try await Persistence(folder: folder.url).cleanLeftovers()

        #expect(removed == 1)
        #expect(folder.names() == keep.sorted())
    }

    @Test func ownLeftoverIsRemovedWhenNothingIsBeingSaved() async throws {
        _ = try folder.write(Data(repeating: 3, count: 10), to: ".headlines-\(getpid())-stale.part")
        let removed = try await Persistence(folder: folder.url).cleanLeftovers()
        #expect(removed == 1)
        #expect(folder.names().isEmpty)
    }

    @Test func linkNamedLikeALeftoverIsRemovedNotItsTarget() async throws {
        let outside = try TemporaryFolder("outside")
        let target = try outside.write(Data("precious".utf8), to: "target")
        let dead = try Self.deadPID()
        try FileManager.default.createSymbolicLink(atPath: folder.file(".headlines-\(dead)-l.part").path, withDestinationPath: target.path)

        try await Persistence(folder: folder.url).cleanLeftovers()

        #expect(folder.names().isEmpty)
        #expect(try Data(contentsOf: target) == Data("precious".utf8))
    }

    /// Enclosures are saved a folder per source inside the podcast folder: a killed download's
    /// temporary file there goes too, and nothing else does (a link to a folder is not followed).
    @Test func leftoverOfADeadProcessInAPodcastSourceFolderIsRemoved() async throws {
        let dead = try Self.deadPID()
        let podcasts = try TemporaryFolder("podcasts")
        let show = podcasts.url.appendingPathComponent("The Show", isDirectory: true)
        try FileManager.default.createDirectory(at: show, withIntermediateDirectories: true)
        try Data("part".utf8).write(to: show.appendingPathComponent(".headlines-\(dead)-e.part"))
        try Data("episode".utf8).write(to: show.appendingPathComponent("ep1.mp3"))
        let elsewhere = try TemporaryFolder("elsewhere")
        _ = try elsewhere.write(Data("kept".utf8), to: ".headlines-\(dead)-k.part")
        try FileManager.default.createSymbolicLink(
            atPath: podcasts.url.appendingPathComponent("Linked").path, withDestinationPath: elsewhere.url.path)

        let removed = await Persistence(folder: folder.url, podcastFolder: podcasts.url).cleanPodcastLeftovers()

        #expect(removed == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: show.path) == ["ep1.mp3"])
        #expect(elsewhere.names() == [".headlines-\(dead)-k.part"])
    }

    @Test func emptyOrMissingFolderHasNothingToClean() async throws {
        #expect(try await Persistence(folder: folder.url).cleanLeftovers() == 0)
        let missing = folder.url.appendingPathComponent("new", isDirectory: true)
        #expect(try await Persistence(folder: missing).cleanLeftovers() == 0)
        #expect(FileManager.default.fileExists(atPath: missing.path), "created on first use")
    }
}
