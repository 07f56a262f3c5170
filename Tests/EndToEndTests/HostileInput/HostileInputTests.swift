import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Testing
import TestSupport

extension EndToEnd {
    /// Inputs that used to hang or freeze the program: a FIFO for an image, a stop and continue
    /// from outside, a terminal that cannot address the cursor.
    @Suite struct HostileInput {
        /// A local edition whose image is a FIFO nobody writes to.
        static func fifoEdition(in folder: TemporaryFolder) throws -> URL {
            let fifo = folder.file("pipe.png")
            try #require(mkfifo(fifo.path, 0o644) == 0)
            let url = folder.file("fifo.json")
            try NewsAPIFixtures.document([
                .init(title: "Picture from a pipe", url: "https://example.com/pipe", imageURL: fifo.absoluteString)
            ]).write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        @Test(arguments: ["q", "SIGINT", "SIGTERM", "SIGHUP"])
        func aFIFOImageNeitherHangsNorHoldsTheExit(_ ending: String) async throws {
            let folder = try TemporaryFolder("e2e")
            // 200 columns for the FIFO's long path in one line; one screen, so the article has them all.
            let session = try HeadlinesSession(["--source", try Self.fifoEdition(in: folder).path], config: "layout = single\n", width: 200)
            defer { session.close() }
            try await session.tmux.waitForText("Picture from a pipe")
            try session.tmux.sendKeys("d")
            try await session.tmux.waitForText("not a regular file")
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("not a regular file")
            try session.tmux.sendKeys("q")
            try await session.tmux.waitForText("1 article")
            let asked = ContinuousClock.now
            switch ending {
            case "q": try session.tmux.sendKeys("q")
            case "SIGINT": try session.tmux.signalProgram(SIGINT)
            case "SIGTERM": try session.tmux.signalProgram(SIGTERM)
            default: try session.tmux.signalProgram(SIGHUP)
            }
            let status = try await session.tmux.waitForExit(timeout: .seconds(5))
            // Generous for a loaded machine (tmux, the shutdown, the wrapper's forks); a FIFO hang never ends.
            #expect(ContinuousClock.now - asked < .seconds(3), "took \(ContinuousClock.now - asked) to exit")
            let expected: [String: Int32] = ["q": 0, "SIGINT": 128 + SIGINT, "SIGTERM": 128 + SIGTERM, "SIGHUP": 128 + SIGHUP]
            #expect(status == expected[ending])
        }

        @Test func stoppedAndContinuedTheProgramTakesTheTerminalBack() async throws {
            let session = try HeadlinesSession(["--demo"])
            defer { session.close() }
            try await session.tmux.waitForText("34 articles")
            let tty = try session.tmux.paneTTY()
            let programMode = try await ProcessRunner("stty", ["-F", tty, "-g"]).run().stdoutText
            try session.tmux.signalProgram(SIGSTOP)
            // What a shell does when its job stops: its own modes (echo, line by line), a message.
            #expect(try await ProcessRunner("stty", ["-F", tty, "sane"]).run().status == 0)
            try "\r\n[1]+  Stopped    headlines\r\n$ fg\r\n".write(toFile: tty, atomically: false, encoding: .utf8)
            #expect(try await ProcessRunner("stty", ["-F", tty, "-g"]).run().stdoutText != programMode)
            try session.tmux.signalProgram(SIGCONT)
            let redrawn = try await session.tmux.waitForScreen { !$0.contains("Stopped") && $0.contains("34 articles") }
            #expect(!redrawn.contains("$ fg"))
            #expect(
                await eventually(timeout: .seconds(5)) {
                    (try? ProcessRunner("stty", ["-F", tty, "-g"]).runSynchronously().stdoutText) == programMode
                }, "the terminal is not back in the program's mode")
            // Keys act at once and are not echoed.
            let before = try session.tmux.capture()
            try session.tmux.sendKeys("G")
            let after = try await session.tmux.waitForScreen { $0 != before }
            #expect(!after.contains("G\n") && !after.hasSuffix("G"))
            try session.tmux.sendKeys("q")
            #expect(try await session.tmux.waitForExit() == 0)
        }

        @Test func aTerminalThatCannotMoveTheCursorIsRefusedWithAPointerToPrint() async throws {
            let session = try HeadlinesSession(["--demo"], environment: ["TERM": "dumb"])
            defer { session.close() }
            let status = try await session.tmux.waitForExit()
            #expect(status == 1)
            // tmux may still be reading the last output when the exit status is seen.
            let screen = try await session.tmux.waitForText("cannot move the cursor", timeout: .seconds(5))
            #expect(screen.contains("--print"))
            #expect(session.tmux.sttyAfter == session.tmux.sttyBefore)
        }
    }
}
