import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The article's picture drawn in half blocks, read back with `capture-pane -e`.
    @Suite struct ArticlePicture {
        /// Left half red, right half blue, at levels of xterm's colour cube (215 → index 160 and 20).
        static let red = (215, 0, 0), blue = (0, 0, 215)

        static func jpeg() throws -> Data {
            let pixels = SyntheticImage.halves(width: 160, height: 90, left: [215, 0, 0], right: [0, 0, 215])
            return try JPEGFixture(width: 160, height: 90, pixels: pixels, quality: 95, fullChroma: true).encode()
        }

        /// A server with one article whose image is `image`, served as `response` allows.
        static func server(image: Data, slow: Bool = false) throws -> LoopbackServer {
            let server = try LoopbackServer()
            server.route(
                "/v2/top-headlines",
                .json(
                    NewsAPIFixtures.document([
                        .init(title: "A pictured story", url: "https://example.com/pic", imageURL: server.url("/pic.jpg").absoluteString)
                    ])))
            var response = ScriptedResponse.bytes(image, contentType: "image/jpeg")
            if slow {
                // About a second in all; the header (and so the picture's size) within the first chunks.
                response.chunkSize = 64
                response.delayBetweenChunks = .milliseconds(50)
            }
            server.route("/pic.jpg", response)
            return server
        }

        static func openArticle(_ server: LoopbackServer, environment: [String: String]) async throws -> HeadlinesSession {
            var environment = environment
            environment["NEWSAPI_KEY"] = "k"
            // The test runner may export NO_COLOR=1, which the pane would inherit: colour is wanted here.
            if environment["NO_COLOR"] == nil { environment["NO_COLOR"] = "" }
            // Half the screen's height, which the sizes below are worked out for.
            let session = try HeadlinesSession(["--newsapi-url", server.baseURL.absoluteString], environment: environment, config: "picture-height = 50%\n")
            try await session.tmux.waitForText("A pictured story")
            try session.tmux.sendKeys("Enter")
            return session
        }

        /// The half blocks once the picture is drawn (its left and right quarters).
        static func picture(_ session: HeadlinesSession) async throws -> (left: [StyledScreen.Cell], right: [StyledScreen.Cell]) {
            try await session.tmux.waitForText("Image: JPEG, 160×90")
            var blocks: [(x: Int, y: Int, cell: StyledScreen.Cell)] = []
            try await session.tmux.waitForScreen(describedAs: "the picture") { _ in
                blocks = (try? StyledScreen(session.tmux.capture(escapeSequences: true)).halfBlocks) ?? []
                // Colours too: curses draws plain half blocks, and the 24-bit pass colours them after.
                return blocks.count >= 40 * 10 && blocks.allSatisfy { $0.cell.foreground != nil && $0.cell.background != nil }
            }
            let columns = blocks.map(\.x)
            let (first, last) = (columns.min() ?? 0, columns.max() ?? 0)
            let quarter = (last - first) / 4
            return (blocks.filter { $0.x < first + quarter }.map(\.cell), blocks.filter { $0.x > last - quarter }.map(\.cell))
        }

        @Test func inTrueColourTheCellsHaveTheImagesColours() async throws {
            let server = try Self.server(image: try Self.jpeg())
            defer { server.stop() }
            let session = try await Self.openArticle(server, environment: ["COLORTERM": "truecolor", "TERM": "tmux-256color"])
            defer { session.close() }
            let (left, right) = try await Self.picture(session)
            for cell in left {
                #expect(cell.foreground?.isClose(to: Self.red, tolerance: 12) == true, "\(String(describing: cell.foreground))")
                #expect(cell.background?.isClose(to: Self.red, tolerance: 12) == true, "\(String(describing: cell.background))")
            }
            for cell in right {
                #expect(cell.foreground?.isClose(to: Self.blue, tolerance: 12) == true, "\(String(describing: cell.foreground))")
                #expect(cell.background?.isClose(to: Self.blue, tolerance: 12) == true, "\(String(describing: cell.background))")
            }
            // The text follows the picture.
            #expect(try session.tmux.capture().contains("Description of A pictured story"))
        }

        @Test func withoutTrueColourTheCellsHaveTheNearestOf256() async throws {
            let server = try Self.server(image: try Self.jpeg())
            defer { server.stop() }
            let session = try await Self.openArticle(server, environment: ["TERM": "tmux-256color"])
            defer { session.close() }
            let (left, right) = try await Self.picture(session)
            #expect(left.allSatisfy { $0.foreground == .indexed(160) && $0.background == .indexed(160) }, "\(left.prefix(3))")
            #expect(right.allSatisfy { $0.foreground == .indexed(20) && $0.background == .indexed(20) }, "\(right.prefix(3))")
            #expect(!(try session.tmux.capture(escapeSequences: true)).contains("38;2;"))
        }

        @Test func aCorruptImageShowsItsReasonInThePicturesPlace() async throws {
            let jpeg = try Self.jpeg()
            var corrupt = jpeg.prefix(jpeg.count / 2)
            corrupt.append(Data(repeating: 0x5A, count: 300))
            let server = try Self.server(image: Data(corrupt))
            defer { server.stop() }
            let session = try await Self.openArticle(server, environment: ["COLORTERM": "truecolor"])
            defer { session.close() }
            // The body moves up in that frame, and the rows below the reason are drawn after it.
            _ = try await session.tmux.waitForScreen(describedAs: "the reason, the image line and the text below") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                guard screen.contains("Image: JPEG, 160×90"),
                    let reason = lines.firstIndex(where: { $0.contains("The image is damaged (") }), reason + 2 < lines.count
                else { return false }
                return lines[reason + 2].contains("Description of A pictured story")
            }
        }

        @Test func thePlaceholderHasThePicturesSizeSoTheTextDoesNotMove() async throws {
            let server = try Self.server(image: try Self.jpeg(), slow: true)
            defer { server.stop() }
            let session = try await Self.openArticle(server, environment: ["COLORTERM": "truecolor"])
            defer { session.close() }
            // 160 × 90 pixels in 96 × 15 cells: 53 × 15 cells.
            let loading = try await session.tmux.waitForScreen { $0.contains("┌" + String(repeating: "─", count: 51) + "┐") && $0.contains("%") }
            let textRow = { (screen: String) in screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Description of") } }
            let before = try #require(textRow(loading))
            let drawn = try await session.tmux.waitForText("Image: JPEG, 160×90", timeout: .seconds(20))
            #expect(textRow(drawn) == before)
            _ = try await Self.picture(session)
            #expect(textRow(try session.tmux.capture()) == before)
        }

        @Test func iHidesThePicture() async throws {
            let server = try Self.server(image: try Self.jpeg())
            defer { server.stop() }
            let session = try await Self.openArticle(server, environment: ["COLORTERM": "truecolor"])
            defer { session.close() }
            _ = try await Self.picture(session)
            try session.tmux.sendKeys("i")
            let hidden = try await session.tmux.waitForScreen { !$0.contains("▀") }
            #expect(hidden.contains("Description of A pictured story"))
            try session.tmux.sendKeys("i")
            try await session.tmux.waitForText("▀")
        }

        /// A relative lead picture (the first `<img>` of a post) sits beside the post, as the
        /// pictures of its text do, not beside the feed or the site (research!rsc's "HTTP 404").
        @Test func aRelativeLeadPictureIsResolvedAgainstTheArticlesLink() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let post = server.url("/posts/2026/story.html").absoluteString
            let feed = """
                <?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>\(server.url("/").absoluteString)</link>
                <item><title>A post with a figure</title><link>\(post)</link><guid>post-1</guid>
                <description>&lt;p&gt;Before the figure.&lt;/p&gt;&lt;img src="figure.jpg"&gt;&lt;p&gt;After it.&lt;/p&gt;</description></item>
                </channel></rss>
                """
            server.route("/feeds/blog.xml", .text(feed, contentType: "application/rss+xml"))
            server.route("/posts/2026/figure.jpg", .bytes(try Self.jpeg(), contentType: "image/jpeg"))
            let session = try HeadlinesSession(
                [], environment: ["COLORTERM": "truecolor", "NO_COLOR": ""],
                config: FeedFixtures.config([("Blog", server.url("/feeds/blog.xml").absoluteString, nil)]))
            defer { session.close() }
            try await session.tmux.waitForText("A post with a figure")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("Image: JPEG, 160×90")
            #expect(!server.requests.map(\.path).contains("/figure.jpg"), "\(server.requests.map(\.path))")
        }

        /// A blog of two pictured posts (each `<img src="figure.jpg">` beside it), in `home`'s config with `settings`.
        static func pictureBlog(_ server: LoopbackServer, settings: [String]) throws -> String {
            let items = ["First", "Second"].enumerated().map { index, name in
                """
                <item><title>\(name) post</title><link>\(server.url("/posts/\(index)/story.html").absoluteString)</link><guid>post-\(index)</guid>
                <pubDate>Sun, 29 Nov 2026 1\(2 - index):00:00 GMT</pubDate>
                <description>&lt;img src="figure.jpg"&gt;&lt;p&gt;Text of the \(name.lowercased()) post.&lt;/p&gt;</description></item>
                """
            }
            let feed =
                "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Blog</title><link>https://blog.example/</link>"
                + items.joined() + "</channel></rss>"
            server.route("/blog.xml", .text(feed, contentType: "application/rss+xml"))
            for index in 0...1 { server.route("/posts/\(index)/figure.jpg", .bytes(try Self.jpeg(), contentType: "image/jpeg")) }
            return FeedFixtures.config([("Blog", server.url("/blog.xml").absoluteString, nil)], settings: settings)
        }

        static func pictureRows(_ screen: String) -> Int { screen.split(separator: "\n").filter { $0.contains("▀") }.count }

        /// `i` hides pictures for the session, not one article; the picture takes at most
        /// `picture-height` of the screen (35%), so the text starts on the first screen (issue 51).
        @Test func iHoldsForTheSessionAndThePictureLeavesRoomForTheText() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let session = try HeadlinesSession(
                [], environment: ["COLORTERM": "truecolor", "NO_COLOR": ""], config: try Self.pictureBlog(server, settings: []), width: 120,
                height: 40)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("Second post")
            try tmux.sendKeys("Enter")
            let first = try await tmux.waitForScreen(describedAs: "the first post's picture") { $0.contains("Image: JPEG") && Self.pictureRows($0) >= 5 }
            #expect(Self.pictureRows(first) <= 14 && first.contains("Text of the first post."), "\(first)")
            try tmux.sendKeys("i")
            try await tmux.waitForScreen(describedAs: "no picture") { Self.pictureRows($0) == 0 && $0.contains("Pictures hidden for this session") }
            try tmux.sendKeys("J")
            let second = try await tmux.waitForScreen(describedAs: "the second post, its picture loaded") {
                $0.contains("Text of the second post.") && $0.contains("Image: JPEG")
            }
            #expect(Self.pictureRows(second) == 0, "i held for the next article: \(second)")
            try tmux.sendKeys("i")
            try await tmux.waitForScreen(describedAs: "the picture again") { Self.pictureRows($0) >= 5 }
        }

        /// `show-pictures = no` opens articles without their picture; `i` shows them.
        @Test func showPicturesNoOpensArticlesWithoutThem() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let session = try HeadlinesSession(
                [], environment: ["COLORTERM": "truecolor", "NO_COLOR": ""], config: try Self.pictureBlog(server, settings: ["show-pictures = no"]))
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForText("Second post")
            try tmux.sendKeys("Enter")
            let article = try await tmux.waitForScreen(describedAs: "the article, its picture loaded") {
                $0.contains("Text of the first post.") && $0.contains("Image: JPEG")
            }
            #expect(Self.pictureRows(article) == 0, "\(article)")
            try tmux.sendKeys("i")
            try await tmux.waitForScreen(describedAs: "the picture") { Self.pictureRows($0) >= 5 }
        }
    }
}
