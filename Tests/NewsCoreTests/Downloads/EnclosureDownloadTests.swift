import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// Enclosures downloaded from the real loopback server into a folder per source: a whole file
/// under its link's name (then `-2`), nothing left by a cancelled download or by a server that
/// never stops (the cap), and the file noted before found again without a fetch.
@Suite struct EnclosureDownloadTests {
    let server: LoopbackServer
    let podcasts: TemporaryFolder
    let images: TemporaryFolder

    init() throws {
        server = try LoopbackServer()
        podcasts = try TemporaryFolder("podcasts")
        images = try TemporaryFolder("images")
    }

    func persistence(limit: Int = Persistence.defaultEnclosureLimit) -> Persistence {
        Persistence(folder: images.url, http: saveTestHTTP, podcastFolder: podcasts.url, enclosureLimit: limit)
    }

    /// Every file in the podcast folder, temporary ones included, as `folder/name`.
    func files() throws -> [String] {
        var found: [String] = []
        for folder in podcasts.names() {
            let names = try FileManager.default.contentsOfDirectory(atPath: podcasts.file(folder).path)
            found += names.map { folder + "/" + $0 }
        }
        return found.sorted()
    }

    static let mp3Prefix = Data("ID3\u{03}\u{00}".utf8)

    @Test func aDownloadCompletesInItsSourcesFolderUnderItsLinksName() async throws {
        let count = 3_000_000
        server.route(
            "/media/Episode_1.mp3",
            ScriptedResponse(
                headers: [("Content-Type", "audio/mpeg")], body: .generated(prefix: Self.mp3Prefix, count: count), chunkSize: 64 * 1024))
        let request = EnclosureRequest(url: server.url("/media/Episode_1.mp3"), sourceName: "../The Show: Live/")
        let progress = ProgressLog()

        let saved = try await persistence().saveEnclosure(request, progress: progress.callback)

        #expect(saved.file.path == podcasts.file("The Show- Live").appendingPathComponent("Episode_1.mp3").path)
        #expect(!saved.alreadySaved && saved.byteCount == count)
        #expect(try Data(contentsOf: saved.file) == ScriptedResponse.generatedBytes(prefix: Self.mp3Prefix, count: count))
        #expect(try files() == ["The Show- Live/Episode_1.mp3"], "no temporary file beside it")
        #expect(progress.reports.last == TransferProgress(received: Int64(count), expected: Int64(count)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: images.url.path).isEmpty, "not in the images' folder")

        // Downloaded again without a note: a second file with a suffix, the first left whole.
        let again = try await persistence().saveEnclosure(request)
        #expect(again.file.lastPathComponent == "Episode_1-2.mp3")
        // With the note: the file is there, nothing is fetched.
        var noted = request
        noted.savedBefore = saved.file
        let before = server.count("/media/Episode_1.mp3")
        let found = try await persistence().saveEnclosure(noted)
        #expect(found.alreadySaved && found.file == saved.file && server.count("/media/Episode_1.mp3") == before)
    }

    @Test func aCancelledDownloadLeavesNothing() async throws {
        server.route(
            "/slow.mp3",
            ScriptedResponse(
                body: .generated(prefix: Self.mp3Prefix, count: 50_000_000), chunkSize: 16 * 1024, delayBetweenChunks: .milliseconds(20)))
        let progress = ProgressLog()
        let persistence = persistence()
        let task = Task {
            try await persistence.saveEnclosure(EnclosureRequest(url: server.url("/slow.mp3"), sourceName: "Show"), progress: progress.callback)
        }
        let started = await eventually { (progress.reports.last?.received ?? 0) > 0 && (try? files().isEmpty) == false }
        #expect(started, "the download got going, its temporary file in the source's folder")
        #expect(try files().allSatisfy { $0.hasPrefix("Show/.headlines-") && $0.hasSuffix(".part") })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try files().isEmpty)
    }

    @Test func aServerThatNeverStopsHitsTheCapAndLeavesNothing() async throws {
        let limit = 2 << 20
        server.route(
            "/endless.mp3",
            ScriptedResponse(body: .generated(prefix: Self.mp3Prefix, count: Int.max / 2), contentLength: .omitted))
        let request = EnclosureRequest(url: server.url("/endless.mp3"), sourceName: "Show")
        await #expect(throws: SaveError.tooLarge(limit: limit)) { try await persistence(limit: limit).saveEnclosure(request) }
        #expect(try files().isEmpty)
        // A size announced over the cap is refused before a byte is written.
        server.route("/announced.mp3", ScriptedResponse(body: .data(Data(count: 10)), contentLength: .declared(limit + 1)))
        let announced = EnclosureRequest(url: server.url("/announced.mp3"), sourceName: "Show")
        await #expect(throws: SaveError.tooLarge(limit: limit)) { try await persistence(limit: limit).saveEnclosure(announced) }
        #expect(try files().isEmpty)
    }

    /// A dead episode link answered with 200 and the host's home page, as some podcast hosts do.
    static let homePage = Data("<!DOCTYPE html><html><head><title>Our podcast</title></head><body>Moved</body></html>".utf8)

    @Test func aPageServedForARecordingIsRefusedAndLeavesNothing() async throws {
        server.route("/page.mp3", ScriptedResponse(headers: [("Content-Type", "text/html; charset=utf-8")], body: .data(Self.homePage)))
        let announced = EnclosureRequest(url: server.url("/page.mp3"), sourceName: "Show", mimeType: "audio/mpeg")
        let error = await #expect(throws: SaveError.notTheEnclosure(served: "text/html", announced: "audio/mpeg")) {
            try await persistence().saveEnclosure(announced)
        }
        #expect(error?.message == "Not saved: the server sent a web page (text/html), not audio/mpeg.")
        // The header lies, the bytes tell; and with no type announced a recording is still expected.
        server.route("/lying.mp3", ScriptedResponse(headers: [("Content-Type", "application/octet-stream")], body: .data(Self.homePage)))
        let unannounced = EnclosureRequest(url: server.url("/lying.mp3"), sourceName: "Show")
        await #expect(throws: SaveError.notTheEnclosure(served: "text/html", announced: nil)) {
            try await persistence().saveEnclosure(unannounced)
        }
        server.route("/cover.mp3", ScriptedResponse(headers: [("Content-Type", "image/jpeg")], body: .data(Data(count: 100))))
        let video = EnclosureRequest(url: server.url("/cover.mp3"), sourceName: "Show", mimeType: "video/mp4")
        await #expect(throws: SaveError.notTheEnclosure(served: "image/jpeg", announced: "video/mp4")) {
            try await persistence().saveEnclosure(video)
        }
        #expect(try files().isEmpty)
    }

    @Test func recordingsUnderAnyRecordingTypeOrNoneAreSaved() async throws {
        let body = ScriptedResponse.generatedBytes(prefix: Self.mp3Prefix, count: 10_000)
        let served: [(path: String, type: String?)] = [
            ("/a.m4a", "audio/x-m4a"), ("/b.mp3", "application/octet-stream"), ("/c.mp3", nil), ("/d.mp4", "video/mp4"),
        ]
        for (path, type) in served {
            server.route(path, ScriptedResponse(headers: type.map { [("Content-Type", $0)] } ?? [], body: .data(body)))
            let request = EnclosureRequest(url: server.url(path), sourceName: "Show", mimeType: "audio/mpeg")
            let saved = try await persistence().saveEnclosure(request)
            #expect(try Data(contentsOf: saved.file) == body, "\(path)")
        }
        // A document enclosure the feed announced as such is the feed's business.
        server.route("/notes.html", ScriptedResponse(headers: [("Content-Type", "text/html")], body: .data(Self.homePage)))
        let notes = EnclosureRequest(url: server.url("/notes.html"), sourceName: "Show", mimeType: "text/html")
        #expect(try await persistence().saveEnclosure(notes).file.lastPathComponent == "notes.html")
    }

    @Test func namesOfEmojiOrEscapesKeepTheirExtension() {
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/%F0%9F%8E%A7%F0%9F%8E%99.mp3")!) == "episode.mp3")
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/%1B%1B.ogg")!) == "episode.ogg")
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/%F0%9F%8E%A7.mp3")!, attempt: 2) == "episode-2.mp3")
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/show.tar.gz")!) == "show.tar.gz")
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/a%20b.not%20an%20extension")!) == "a-b.not-an-extension")
    }

    @Test func namesFromTheFeedAreMadeSafe() {
        #expect(PodcastFolder.folderName("../../etc") == "etc")
        #expect(PodcastFolder.folderName("...") == "Podcast")
        #expect(PodcastFolder.folderName("Café \u{1B}[31mRadio") == "Café -31mRadio")
        let escaped = PodcastFolder.fileName(URL(string: "https://e.example/a/..%2F..%2Fx.mp3")!)
        #expect(!escaped.contains("/") && !escaped.hasPrefix(".") && escaped.hasSuffix("x.mp3"), "\(escaped)")
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/")!) == "episode")
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/show/ep.mp3?x=1")!, attempt: 3) == "ep-3.mp3")
        #expect(PodcastFolder.fileName(URL(string: "https://e.example/.hidden")!) == "hidden")
    }

    @Test func theFolderIsTheConfigsElseXDGMusicElseHome() {
        #expect(PodcastFolder.resolve(explicit: "~/P", environment: ["HOME": "/h"]).path == "/h/P")
        #expect(PodcastFolder.resolve(explicit: nil, environment: ["HOME": "/h", "XDG_MUSIC_DIR": "/m"]).path == "/m/Podcasts")
        #expect(PodcastFolder.resolve(explicit: nil, environment: ["HOME": "/h"]).path == "/h/Podcasts")
    }
}
