import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The picture in real pixels, as a person sees it (issue 53): Headlines runs in a real
    /// terminal under Xvfb, xterm in its VT340 mode (sixel) and kitty (its graphics protocol,
    /// OpenGL through Mesa's software renderer), finds the protocol by itself (`auto`), and
    /// draws the article's picture; a screenshot shows its colours and its one-pixel detail,
    /// which half-block cells could not draw; going back leaves the region clean.
    @Suite struct RealTerminalPixels {
        static let tools = ["/usr/bin/Xvfb", "/usr/bin/xwd", "/usr/bin/xwdtopnm", "/usr/bin/pnmdepth", "/usr/bin/xdotool"]

        /// A terminal that draws pixels, as it is started for the test.
        enum Terminal: String, CaseIterable, CustomTestStringConvertible {
            case xterm, kitty

            var testDescription: String { rawValue }
            var program: String { "/usr/bin/" + rawValue }
            var isInstalled: Bool { (RealTerminalPixels.tools + [program]).allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }

            func arguments(running command: [String]) -> [String] {
                switch self {
                case .xterm:
                    return [
                        "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256", "-xrm",
                        "XTerm*allowSendEvents: true", "-geometry", "100x35+0+0", "-e",
                    ] + command
                case .kitty:
                    return ["--config", "NONE", "-o", "initial_window_width=800", "-o", "initial_window_height=600"] + command
                }
            }
        }

        /// 160 × 90: left red, right blue, with a white line one pixel wide at x = 80.
        static func picture() throws -> Data {
            var pixels: [UInt8] = []
            for _ in 0..<90 {
                for x in 0..<160 { pixels += x == 80 ? [255, 255, 255] : x < 80 ? [215, 0, 0] : [0, 0, 215] }
            }
            return try PNGFixture.rgb(pixels, width: 160, height: 90).encode()
        }

        /// The whole X screen, through xwd and netpbm (8 bits a sample: kitty's window makes xwdtopnm write 16).
        static func screenshot(display: String) async throws -> ReferenceDecoders.Pixmap {
            let shot = try await ProcessRunner(
                "/bin/sh", ["-c", "xwd -root -silent | xwdtopnm 2>/dev/null | pnmdepth 255"], extraEnvironment: ["DISPLAY": display]
            )
            .run(timeout: .seconds(20))
            return try ReferenceDecoders.portablePixmap(shot.stdout)
        }

        static func isRed(_ pixel: [UInt8]) -> Bool { pixel[0] > 170 && pixel[1] < 60 && pixel[2] < 60 }
        static func isBlue(_ pixel: [UInt8]) -> Bool { pixel[2] > 170 && pixel[0] < 60 && pixel[1] < 60 }
        static func isWhite(_ pixel: [UInt8]) -> Bool { pixel.allSatisfy { $0 > 200 } }

        /// A row of the screen where red turns to blue through a thin white line (1 to 4 pixels):
        /// the picture drawn in pixels. Half blocks give each cell one colour a half, six pixels wide.
        static func thinLineRow(_ shot: ReferenceDecoders.Pixmap) -> Int? {
            for y in stride(from: 0, to: shot.height, by: 2) {
                var x = 0
                while x < shot.width - 1 {
                    guard isRed(shot[x, y]), isWhite(shot[x + 1, y]) else {
                        x += 1
                        continue
                    }
                    var end = x + 1
                    while end < shot.width, isWhite(shot[end, y]) { end += 1 }
                    if end - x - 1 <= 4, end < shot.width, isBlue(shot[end, y]) { return y }
                    x = end
                }
            }
            return nil
        }

        static func colouredPixels(_ shot: ReferenceDecoders.Pixmap) -> Int {
            var count = 0
            for y in stride(from: 0, to: shot.height, by: 3) {
                for x in stride(from: 0, to: shot.width, by: 3) where isRed(shot[x, y]) || isBlue(shot[x, y]) { count += 1 }
            }
            return count
        }

        /// A display number no X server holds.
        static func freeDisplay() -> String {
            var number = 300 + Int(getpid() % 500)
            while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
            return ":\(number)"
        }

        @Test(arguments: Terminal.allCases)
        func theTerminalShowsThePictureInPixels(_ terminal: Terminal) async throws {
            guard terminal.isInstalled else {
                // Said, not silent: which terminals ran is part of the result.
                print("RealTerminalPixels: \(terminal.rawValue) is not installed (Resources/build/system-packages test brings it); not run.")
                return
            }
            let server = try LoopbackServer()
            defer { server.stop() }
            // Text enough to scroll the picture out of view.
            let paragraphs = (1...80).map { "&lt;p&gt;Paragraph \($0) under the picture.&lt;/p&gt;" }.joined()
            let feed = """
                <?xml version="1.0"?><rss version="2.0"><channel><title>Pixels</title><link>https://example.com/</link>
                <item><title>A picture in pixels</title><link>https://example.com/p</link><guid>p</guid>
                <description>&lt;img src="\(server.url("/picture.png").absoluteString)"&gt;\(paragraphs)</description></item>
                </channel></rss>
                """
            server.route("/feed.xml", .text(feed, contentType: "application/rss+xml"))
            server.route("/picture.png", .bytes(try Self.picture(), contentType: "image/png"))
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            try FeedFixtures.writeConfig(FeedFixtures.config([("Pixels", server.url("/feed.xml").absoluteString, nil)]), home: home.url)

            let display = Self.freeDisplay()
            let xvfb = try ProcessRunner("/usr/bin/Xvfb", [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"]).start()
            defer { xvfb.end(grace: .seconds(2)) }
            #expect(await eventually(timeout: .seconds(10)) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display.dropFirst())") })
            // The terminal keeps this process's home (kitty's font cache is built there once, not
            // in every test's new home); Headlines gets the test's home and nothing else.
            let inside = HeadlinesBinary.environment(home: home.url, extra: ["TERM": "xterm-256color"])
            let command = ["/usr/bin/env", "-i"] + inside.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [HeadlinesBinary.path]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            environment["LIBGL_ALWAYS_SOFTWARE"] = "1"  // kitty's OpenGL, drawn by Mesa in software
            for name in ["TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "NO_COLOR"] { environment.removeValue(forKey: name) }
            let running = try ProcessRunner(terminal.program, terminal.arguments(running: command), environment: environment).start()
            defer { running.end(grace: .seconds(2)) }
            var window = ""
            #expect(
                await eventually(timeout: .seconds(20)) {
                    let found = try? await ProcessRunner(
                        "/usr/bin/xdotool", ["search", "--onlyvisible", "--class", terminal.rawValue], extraEnvironment: ["DISPLAY": display]
                    )
                    .run(timeout: .seconds(5))
                    window = found?.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
                    return !window.isEmpty
                })
            func press(_ key: String) async throws {
                _ = try await ProcessRunner("/usr/bin/xdotool", ["key", "--window", window, key], extraEnvironment: ["DISPLAY": display])
                    .run(timeout: .seconds(5))
            }
            // The list is up once the feed was fetched; Enter opens the article.
            #expect(await server.waitUntil(timeout: .seconds(15)) { $0.contains { $0.path == "/feed.xml" } })
            var drawn: ReferenceDecoders.Pixmap?
            for _ in 0..<3 where drawn == nil {
                try await press("Return")
                if await eventually(timeout: .seconds(10), { (try? await Self.screenshot(display: display)).flatMap(Self.thinLineRow) != nil }) {
                    drawn = try await Self.screenshot(display: display)
                }
            }
            if drawn == nil {
                let last = try await Self.screenshot(display: display)
                // For whoever reads the failure: the screen as it was.
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("headlines-\(terminal.rawValue)-screen.ppm")
                let header = Data("P6\n\(last.width) \(last.height)\n255\n".utf8)
                try? (header + Data(last.pixels)).write(to: file)
                Issue.record("\(terminal.rawValue) showed no picture in pixels; its screen: \(file.path)")
            }
            let shot = try #require(drawn, "the picture, in pixels, with its one-pixel line")
            #expect(Self.colouredPixels(shot) > 200, "the picture's red and blue")
            // Scrolled out of view: nothing of it stays behind.
            try await press("Next")
            try await press("Next")
            #expect(
                await eventually(timeout: .seconds(10)) { (try? await Self.screenshot(display: display)).map(Self.colouredPixels) == 0 },
                "the picture scrolled away leaves no part behind")
            try await press("Prior")
            try await press("Prior")
            #expect(
                await eventually(timeout: .seconds(10)) { (try? await Self.screenshot(display: display)).flatMap(Self.thinLineRow) != nil },
                "scrolled back, the picture is drawn again")
            // Back to the list: the picture is gone from the screen.
            try await press("q")
            #expect(
                await eventually(timeout: .seconds(10)) { (try? await Self.screenshot(display: display)).map(Self.colouredPixels) == 0 },
                "the picture's region is clean")
            try await press("q")
        }
    }
}
