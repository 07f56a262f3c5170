import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The interface: auto-load, refresh, cancel on leaving, browser, resize, help.
    @Suite struct Interface {
        /// A NewsAPI server with one article, `title`, whose picture (/picture.png) is answered with `picture`.
        static func server(pictured title: String, picture: ScriptedResponse) throws -> LoopbackServer {
            let server = try LoopbackServer()
            server.route(
                "/v2/top-headlines",
                .json(
                    NewsAPIFixtures.document([
                        .init(title: title, url: "https://example.com/pictured", imageURL: server.url("/picture.png").absoluteString)
                    ])))
            server.route("/picture.png", picture)
            return server
        }

        @Test func autoLoadShowsLoadingThenTheHeadlines() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            var slow = ScriptedResponse.json(NewsAPIFixtures.numbered("Story", count: 5))
            slow.delayBeforeHeaders = .milliseconds(1500)
            server.route("/v2/top-headlines", slow)
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("Loading")
            // The rows can show a frame before the status bar ends the load: wait for both.
            let screen = try await session.tmux.waitForScreen(describedAs: "the stories and their count") {
                $0.contains("Story 5") && $0.contains("5 articles")
            }
            #expect(screen.contains("Story 1"))
            #expect(!screen.contains("Loading"))
            #expect(server.requests.count == 1)
        }

        @Test func refreshDuringASlowLoadCancelsItAndTheNewResultWins() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            var first = ScriptedResponse.json(NewsAPIFixtures.numbered("Old", count: 3))
            first.delayBeforeHeaders = .seconds(2)
            let second = ScriptedResponse.json(NewsAPIFixtures.numbered("New", count: 3))
            server.route("/v2/top-headlines", first, second)
            let session = try await HeadlinesSession.loading(from: server)
            defer { session.close() }
            let firstStarted = ContinuousClock.now
            try session.tmux.sendKeys("r")
            #expect(await server.waitUntil(timeout: .seconds(2)) { $0.first?.abortedByClient == true })
            try await session.tmux.waitForText("New 1")
            // Until well after the first response would have arrived, it never shows.
            while ContinuousClock.now < firstStarted + .milliseconds(2600) {
                #expect(!(try session.tmux.capture()).contains("Old "))
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try session.tmux.capture().contains("New 3"))
            #expect(server.requests.count == 2)
        }

        @Test func quitDuringALoadClosesTheConnectionAndExits() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/v2/top-headlines", ScriptedResponse(action: .hang))
            let session = try await HeadlinesSession.loading(from: server)
            defer { session.close() }
            let pressed = ContinuousClock.now
            try session.tmux.sendKeys("q")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.first?.clientClosedAt != nil })
            let closedAt = try #require(server.requests.first?.clientClosedAt)
            // The key goes through tmux to a loaded machine; a fetch left running would never close.
            #expect(closedAt - pressed < .seconds(2), "the server saw the disconnect after \(closedAt - pressed)")
            #expect(try await session.tmux.waitForExit() == 0)
        }

        @Test func leavingTheArticleDuringASlowImageFetchClosesThatConnection() async throws {
            var slowImage = ScriptedResponse.bytes(HeaderOnlyImage.padded(HeaderOnlyImage.png(width: 640, height: 360), to: 200_000), contentType: "image/png")
            slowImage.chunkSize = 2048
            slowImage.delayBetweenChunks = .milliseconds(40)
            let server = try Self.server(pictured: "With a slow picture", picture: slowImage)
            defer { server.stop() }
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("With a slow picture")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForScreen { $0.contains("Image: [") && $0.contains("%") }
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.contains { $0.path == "/picture.png" && $0.bodyBytesSent > 0 } })
            let left = ContinuousClock.now
            try session.tmux.sendKeys("q")
            #expect(await server.waitUntil(timeout: .seconds(5)) { $0.contains { $0.path == "/picture.png" && $0.abortedByClient } })
            let closedAt = try #require(server.requests(path: "/picture.png").first?.clientClosedAt)
            #expect(closedAt - left < .seconds(2), "the picture takes 4 s to arrive whole")
            try await session.tmux.waitForText("1 article")
        }

        @Test func theArticleShowsTheImageTypeAndSize() async throws {
            let image = HeaderOnlyImage.padded(HeaderOnlyImage.png(width: 640, height: 360), to: 3000)
            let server = try Self.server(pictured: "A pictured story", picture: .bytes(image, contentType: "image/png"))
            defer { server.stop() }
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("A pictured story")
            try session.tmux.sendKeys("Enter")
            let screen = try await session.tmux.waitForText("Image: PNG, 640×360")
            #expect(screen.contains("https://example.com/pictured"))
            #expect(screen.contains("Loopback Times · by A. Writer"))
        }

        @Test func openHandsTheExactURLToTheBrowserAsOneArgument() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let url = "https://example.com/odd?x=$HOME&y=(1);z=`id`&w='q'"
            server.route("/v2/top-headlines", .json(NewsAPIFixtures.document([.init(title: "Odd link", url: url)])))
            let home = try TemporaryFolder("e2e")
            let browser = try RecordingBrowser(in: home)
            let session = try HeadlinesSession(newsAPI: server, environment: ["BROWSER": browser.script.path])
            defer { session.close() }
            try await session.tmux.waitForText("Odd link")
            try session.tmux.sendKeys("o")
            let recorded = try await browser.recorded()
            let expectedURL = try #require(URL(string: url)).absoluteString
            #expect(recorded == "1\n[\(expectedURL)]\n")
            #expect(expectedURL.contains("$HOME&y=(1);z="))
            // Nothing of ours reaches it but the terminal as its three standard streams: no
            // socket, no cache file, no extra copy of the terminal.
            let descriptors = try browser.descriptors()
            #expect(!descriptors.contains { $0.contains("socket:") || $0.contains("cache.db") }, "\(descriptors)")
            #expect(descriptors.filter { $0.contains("/dev/pts/") }.count == 3, "\(descriptors)")
            // The interface comes back after the browser.
            try await session.tmux.waitForText("Opened https://example.com/odd")
        }

        @Test func resizeReflowsAndKeepsTheSelectionVisible() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/v2/top-headlines", .json(NewsAPIFixtures.numbered("Item", count: 40)))
            let session = try HeadlinesSession(newsAPI: server)
            defer { session.close() }
            try await session.tmux.waitForText("40 articles")
            try session.tmux.sendKeys("G")
            try await session.tmux.waitForText("Item 40")
            try session.tmux.resize(width: 60, height: 12)
            let small = try await session.tmux.waitForScreen { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count == 12 && screen.contains("Item 40") && lines.last?.contains("40 articles") == true
            }
            for line in small.split(separator: "\n") { #expect(line.count <= 60) }
            try session.tmux.resize(width: 30, height: 8)
            try await session.tmux.waitForText("Terminal too small")
            try session.tmux.resize(width: 100, height: 30)
            // The list fills the taller window again, the selection (the last item) still in view.
            // Waits for the whole frame: tmux can be read while the frame is still arriving.
            let large = try await session.tmux.waitForScreen { screen in
                screen.split(separator: "\n", omittingEmptySubsequences: false).count == 30
                    && screen.contains("Item 13") && screen.contains("Item 40")
            }
            #expect(large.contains("Item 13") && large.contains("Item 40"))
        }

        @Test func helpListsTheKeysAndClosesAgain() async throws {
            // The keys take more than one page: the rest is a page down.
            let session = try HeadlinesSession(["--demo"])
            defer { session.close() }
            try await session.tmux.waitForText("34 articles")
            try session.tmux.sendKeys("?")
            // The status row is drawn last, so once it shows the first page is whole.
            let help = try await session.tmux.waitForScreen { screen in
                screen.contains("Help · keys") && screen.split(separator: "\n").last?.contains("q back") == true
            }
            try session.tmux.sendKeys("NPage")
            let keys = [
                "Refresh", "Open the article in the browser", "Save the article's image", "Save every image", "quits on the first screen", "Down a page",
            ]
            _ = try await session.tmux.waitForScreen(describedAs: "every key on one of the two pages") { rest in
                rest != help && keys.allSatisfy { help.contains($0) || rest.contains($0) }
            }
            try session.tmux.sendKeys("q")
            try await session.tmux.waitForText("34 articles")
            try session.tmux.sendKeys("q")
            #expect(try await session.tmux.waitForExit() == 0)
        }

        @Test func theDemoEditionOpensWithNoKeyAndSaysSo() async throws {
            let session = try HeadlinesSession([])
            defer { session.close() }
            let screen = try await session.tmux.waitForText("34 articles")
            #expect(screen.contains("Demo edition"))
            #expect(screen.contains("no sources yet: headlines --add URL"))
            #expect(screen.contains("小型ロボット"))
        }

        /// The program runs on FoundationEssentials: Foundation itself (CoreFoundation's start-up,
        /// ICU's data) never loads, which is most of what it saves at start against newsboat.
        @Test func foundationAndICUNeverLoad() async throws {
            let session = try HeadlinesSession([])
            defer { session.close() }
            try await session.tmux.waitForText("34 articles")
            let pid = try #require(try session.tmux.programPID())
            // Read to the end: /proc files report no size, and a sized read stops at the first page.
            let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
            let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            #expect(maps.contains("libFoundationEssentials") || !maps.contains("libswiftCore"), "a dynamic build maps its Swift libraries")
            for library in ["libFoundation.so", "libFoundationInternationalization", "lib_FoundationICU"] {
                #expect(!maps.contains(library), "\(library) is loaded")
            }
        }

        @Test func noColorKeepsTheSelectionInReverseVideo() async throws {
            let session = try HeadlinesSession(["--demo"], environment: ["NO_COLOR": "1"])
            defer { session.close() }
            try await session.tmux.waitForText("34 articles")
            let styled = try session.tmux.capture(escapeSequences: true)
            #expect(styled.range(of: "\u{1b}\\[[0-9;]*7m", options: .regularExpression) != nil)  // reverse video
            #expect(styled.range(of: "\u{1b}\\[[0-9;]*3[1-7]m", options: .regularExpression) == nil)  // no foreground colours
        }
    }
}
