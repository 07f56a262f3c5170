import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Quitting while a `password-command` runs (a `pass` waiting for a pinentry nobody sees)
    /// ends its whole process group: nothing of it outlives the program (issue 28).
    @Suite struct PasswordCommandQuit {
        @Test(arguments: ["q", "C-c"])
        func quittingEndsTheCommandStillRunning(key: String) async throws {
            let home = try TemporaryFolder("e2e")
            let file = home.file("pids")
            let config = """
                [server "Home"]
                kind = fever
                url = https://127.0.0.1:9/fever/
                user = reader
                password-command = sh -c "sleep 600 & echo $$ $! > '\(file.path)'; wait"
                """
            let session = try HeadlinesSession([], config: config, home: home)
            defer { session.close() }
            let pids = try #require(await ProcessProbe.pids(in: file, timeout: .seconds(20)), "the password-command never started")
            defer { for pid in pids { kill(pid, SIGKILL) } }
            #expect(pids.count == 2)
            try session.tmux.sendKeys(key)
            _ = try await session.tmux.waitForExit(timeout: .seconds(10))
            #expect(await ProcessProbe.allGone(pids), "\(pids) outlived the program")
        }
        /// `--print` and `--refresh` ended by a signal (Ctrl-C reaches only their own group) end the command too.
        @Test(arguments: [(["--print"], SIGINT), (["--refresh"], SIGTERM), (["--print"], SIGHUP)])
        func aSignalToACommandThatRunsToItsEndEndsThePasswordCommand(arguments: [String], signal: Int32) async throws {
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            let file = home.file("pids")
            let config = [
                "[server \"Home\"]", "kind = fever", "url = https://127.0.0.1:9/fever/", "user = reader",
                "password-command = sh -c \"sleep 600 & echo $$ $! > '\(file.path)'; wait\"",
            ]
            try FeedFixtures.writeConfig(config.joined(separator: "\n") + "\n", home: home.url)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: HeadlinesBinary.path)
            process.arguments = arguments
            process.environment = HeadlinesBinary.environment(home: home.url)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let pids = try #require(await ProcessProbe.pids(in: file, timeout: .seconds(20)), "the password-command never started")
            defer { for pid in pids { kill(pid, SIGKILL) } }
            kill(process.processIdentifier, signal)
            #expect(await eventually(timeout: .seconds(10), interval: .milliseconds(20)) { !process.isRunning }, "the program did not end")
            #expect(process.terminationStatus == 128 + signal)
            #expect(await ProcessProbe.allGone(pids), "\(pids) outlived the program")
        }
    }
}
