import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `d`, `D`, the Downloads screen, cancelling, quitting with saves in flight, SIGKILL.
    @Suite struct Saving {
        /// A server with `count` articles whose images are PNGs of `size` bytes, served as scripted.
        static func server(count: Int, size: Int = 20_000, chunk: Int? = nil, every delay: Duration = .zero, before: Duration = .zero) throws -> LoopbackServer
        {
            let server = try LoopbackServer()
            server.route("/v2/top-headlines", .json(NewsAPIFixtures.numbered("Pic", count: count, imageBase: server.baseURL.absoluteString)))
            for index in 1...count {
                var response = ScriptedResponse.bytes(image(index, size: size), contentType: "image/png")
                if let chunk { response.chunkSize = chunk }
                response.delayBetweenChunks = delay
                response.delayBeforeHeaders = before
                server.route("/image-\(index).png", response)
            }
            return server
        }

        static func image(_ index: Int, size: Int) -> Data {
            HeaderOnlyImage.padded(HeaderOnlyImage.png(width: 100 + index, height: 50), to: size, seed: index)
        }

        static func finalFiles(_ session: HeadlinesSession) -> [String] { session.savedFiles().filter { !$0.hasPrefix(".") } }
        static func temporaryFiles(_ session: HeadlinesSession) -> [String] { session.savedFiles().filter { $0.hasPrefix(".") } }

        @Test func dSavesAByteIdenticalFileWithTheRightExtension() async throws {
            let server = try Self.server(count: 3)
            defer { server.stop() }
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("Pic 3")
            try session.tmux.sendKeys("j", "d")
            let screen = try await session.tmux.waitForText("Saved ")
            let files = Self.finalFiles(session)
            #expect(files.count == 1)
            let name = try #require(files.first)
            #expect(name.hasPrefix("Pic-2-") && name.hasSuffix(".png"), "\(name)")
            let saved = try Data(contentsOf: session.saveFolder.appendingPathComponent(name))
            #expect(saved == Self.image(2, size: 20_000))
            #expect(screen.contains(name.prefix(10)))
            #expect(Self.temporaryFiles(session).isEmpty)
        }

        @Test func theSavedMessagePassesAndTheHintsComeBack() async throws {
            let server = try Self.server(count: 3)
            defer { server.stop() }
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("Pic 3")
            try session.tmux.sendKeys("d")
            try await session.tmux.waitForText("Saved ")
            // No key pressed: the message ends by itself (it stayed for good before).
            let screen = try await session.tmux.waitForText("? help", timeout: .seconds(15))
            #expect(!screen.contains("Saved "))
            try session.tmux.sendKeys("d")
            try await session.tmux.waitForText("Already saved ")
            try session.tmux.sendKeys("j")
            try await session.tmux.waitForText("? help", timeout: .seconds(3))
        }

        @Test func capitalDSavesAllTwentyAndTheDownloadsScreenShowsThem() async throws {
            let server = try Self.server(count: 20, before: .milliseconds(100))
            defer { server.stop() }
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("20 articles")
            try session.tmux.sendKeys("D")
            try await session.tmux.waitForText("Downloads")
            let screen = try await session.tmux.waitForText("20 of 20 saved", timeout: .seconds(20))
            #expect(screen.contains("saved Pic-"))
            #expect(Self.finalFiles(session).count == 20)
            #expect(server.maxConcurrentRequests <= 5)  // four saves and the article list at most
            for index in 1...20 {
                let name = try #require(Self.finalFiles(session).first { $0.hasPrefix("Pic-\(index)-") })
                #expect(try Data(contentsOf: session.saveFolder.appendingPathComponent(name)) == Self.image(index, size: 20_000))
            }
        }

        @Test func capitalCDuringASlowBatchStopsEveryTransferAndLeavesNothing() async throws {
            let server = try Self.server(count: 8, size: 400_000, chunk: 4096, every: .milliseconds(50))
            defer { server.stop() }
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("8 articles")
            try session.tmux.sendKeys("D")
            #expect(
                await server.waitUntil(timeout: .seconds(10)) { requests in
                    requests.filter { $0.path.hasPrefix("/image-") && $0.bodyBytesSent > 0 }.count == 4
                })
            try session.tmux.sendKeys("C")
            #expect(
                await server.waitUntil(timeout: .seconds(3)) { requests in
                    requests.filter { $0.path.hasPrefix("/image-") }.allSatisfy { $0.abortedByClient }
                })
            try await session.tmux.waitForText("cancelled")
            #expect(await eventually(timeout: .seconds(3)) { Self.temporaryFiles(session).isEmpty })
            #expect(Self.finalFiles(session).isEmpty)
            // Only the four that had started were ever requested: the queued ones never went out.
            #expect(server.requests.filter { $0.path.hasPrefix("/image-") }.count == 4)
        }

        /// Starts a slow save of one image, then presses `q` once: the app says it waits.
        func quitDuringASave(server: LoopbackServer) async throws -> HeadlinesSession {
            let session = try HeadlinesSession(newsAPI: server)
            try await session.tmux.waitForText("1 article")
            try session.tmux.sendKeys("d")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.contains { $0.path == "/image-1.png" && $0.bodyBytesSent > 0 } })
            try session.tmux.sendKeys("q")
            try await session.tmux.waitForText("Quitting after 1 save")
            return session
        }

        @Test func quitWithASaveInFlightWaitsForIt() async throws {
            // About 3 s of image: long enough to see the app say it waits, even on a loaded machine.
            let server = try Self.server(count: 1, size: 200_000, chunk: 4096, every: .milliseconds(60))
            defer { server.stop() }
            let session = try await quitDuringASave(server: server)
            defer { session.close() }
            #expect(try await session.tmux.waitForExit(timeout: .seconds(20)) == 0)
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first { $0.path == "/image-1.png" }?.finished == true })
            let name = try #require(Self.finalFiles(session).first)
            #expect(try Data(contentsOf: session.saveFolder.appendingPathComponent(name)) == Self.image(1, size: 200_000))
            #expect(Self.temporaryFiles(session).isEmpty)
        }

        @Test func quitTwiceCancelsTheSaveAndLeavesNothing() async throws {
            let server = try Self.server(count: 1, size: 2_000_000, chunk: 4096, every: .milliseconds(50))
            defer { server.stop() }
            let session = try await quitDuringASave(server: server)
            defer { session.close() }
            try session.tmux.sendKeys("q")
            #expect(try await session.tmux.waitForExit(timeout: .seconds(5)) == 0)
            #expect(await server.waitUntil(timeout: .seconds(2)) { $0.contains { $0.path == "/image-1.png" && $0.abortedByClient } })
            #expect(session.savedFiles().isEmpty, "left behind: \(session.savedFiles())")
        }

        @Test func sigkillMidSaveLeavesNoFinalFileAndTheNextStartCleansUp() async throws {
            let server = try Self.server(count: 1, size: 2_000_000, chunk: 4096, every: .milliseconds(50))
            defer { server.stop() }
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("1 article")
            try session.tmux.sendKeys("d")
            #expect(await eventually { !Self.temporaryFiles(session).isEmpty })
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.contains { $0.path == "/image-1.png" && $0.bodyBytesSent > 8192 } })
            try session.tmux.signalProgram(SIGKILL)
            #expect(try await session.tmux.waitForExit() == 137)
            #expect(Self.finalFiles(session).isEmpty)
            let leftovers = Self.temporaryFiles(session)
            #expect(leftovers.count == 1)

            // The next start removes the dead process's temporary file.
            let again = try TmuxSession(
                command: [HeadlinesBinary.path, "--save-dir", session.saveFolder.path, "--demo"],
                environment: ["HOME": session.home.url.path, "NEWSAPI_KEY": ""])
            defer { again.close() }
            try await again.waitForText("34 articles")
            #expect(await eventually { Self.temporaryFiles(session).isEmpty })
            #expect(Self.finalFiles(session).isEmpty)
        }

        @Test func aRefusedImageSaysWhy() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route(
                "/v2/top-headlines",
                .json(
                    NewsAPIFixtures.document([
                        .init(title: "Fake picture", url: "https://example.com/fake", imageURL: server.url("/fake.png").absoluteString)
                    ])))
            server.route("/fake.png", .text("<!doctype html><html>gotcha</html>", contentType: "text/html; charset=utf-8"))
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("Fake picture")
            try session.tmux.sendKeys("d")
            try await session.tmux.waitForText("Not saved: not an image (text/html)")
            #expect(session.savedFiles().isEmpty)
        }
    }
}
