import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A mark a Miniflux server refuses (a 400 for that entry) no longer wedges the account:
    /// read in the interface, it is set aside at once with a sentence, the next `--refresh` brings
    /// what is new, and `--refused-marks` lists it, retries it and drops it (issue 50, point 6).
    @Suite struct RefusedMarks {
        static func config(_ server: LoopbackMiniflux) -> String {
            """
            [server "Flux"]
            kind = miniflux
            url = \(server.url.absoluteString)
            password-command = printf %s \(LoopbackMiniflux.token)
            """
        }

        @Test func aRefusedMarkIsSaidListedRetriedAndDropped() async throws {
            let server = try LoopbackMiniflux(feeds: 1, entriesPerFeed: 3)
            defer { server.server.stop() }
            server.refuseMarks(of: Set(server.allEntries.map(\.id)))
            let home = try TemporaryFolder("e2e")
            try FeedFixtures.writeConfig(Self.config(server), home: home.url)
            let first = try await HeadlinesSession.run(["--refresh"], home: home)
            #expect(first.status == 0, "\(first.stderrText)")

            let session = try HeadlinesSession([], home: home)
            defer { session.close() }
            _ = try await session.tmux.waitForScreen(timeout: .seconds(20)) { $0.contains("All") && $0.contains("3 unread") }
            try session.tmux.sendKeys("Enter")
            _ = try await session.tmux.waitForScreen(timeout: .seconds(10)) { $0.contains("Headlines · All") }
            try session.tmux.sendKeys("Enter")
            try await session.tmux.waitForText("refused and set aside", timeout: .seconds(20))
            try session.tmux.sendKeys("Q")
            _ = try await session.tmux.waitForExit(timeout: .seconds(10))

            let listed = try await HeadlinesSession.run(["--refused-marks"], home: home)
            #expect(listed.status == 0, "\(listed.stderrText)")
            #expect(listed.stdoutText.contains("Flux: read #"), "\(listed.stdoutText)")
            #expect(listed.stdoutText.contains("invalid entry ID"), "\(listed.stdoutText)")

            // The account is not wedged: the next refresh brings what is new.
            _ = server.addEntries(feed: 1, count: 2)
            let refresh = try await HeadlinesSession.run(["--refresh"], home: home)
            #expect(refresh.status == 0, "\(refresh.stderrText)")
            #expect(refresh.stdoutText.contains("2 new"), "\(refresh.stdoutText)")

            server.refuseMarks(of: [])
            let retry = try await HeadlinesSession.run(["--refused-marks", "retry"], home: home)
            #expect(retry.stdoutText.contains("1 mark goes back"), "\(retry.stdoutText)")
            _ = try await HeadlinesSession.run(["--refresh"], home: home)
            #expect(server.allEntries.filter { !$0.unread }.count == 1)
            let none = try await HeadlinesSession.run(["--refused-marks", "drop"], home: home)
            #expect(none.stdoutText.contains("0 refused marks were forgotten"), "\(none.stdoutText)")
        }
    }
}
