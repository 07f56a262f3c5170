import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Self-tests of the end-to-end harness: the tmux driver and the process runner.
@Suite(.serialized)
struct TmuxSessionTests {
    @Test func typesIntoAProgramAndLearnsItsExitStatusAndTerminalState() async throws {
        let session = try TmuxSession(
            command: ["/bin/sh", "-c", #"printf ready; read x; printf "got:%s" "$x"; exit 3"#]
        )
        defer { session.close() }
        try await session.waitForText("ready")
        try session.sendLiteral("it's a \"quoted\" $HOME;")
        try session.sendKeys("Enter")
        let screen = try await session.waitForText("got:it's a \"quoted\" $HOME;")
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).count == 30)
        #expect(try await session.waitForExit() == 3)
        let before = try #require(session.sttyBefore)
        #expect(session.sttyAfter == before)
        #expect(try session.programPID() == nil)
    }

    @Test func argumentsAndEnvironmentReachTheProgramUnchanged() async throws {
        let awkward = ["a b", "it's", "\"q\"", "$HOME", "`id`", "x;", ";", "back\\slash", "-n", ""]
        let session = try TmuxSession(
            command: ["/bin/sh", "-c", #"for a in "$@"; do printf '[%s]\n' "$a"; done; printf 'V=%s T=%s\n' "$V" "$TERM"; echo end"#, "sh"]
                + awkward,
            environment: ["V": "one two;"],
            width: 60, height: 20,
            workingDirectory: "/"
        )
        defer { session.close() }
        let screen = try await session.waitForText("end")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(awkward.count)) == awkward.map { "[\($0)]" })
        #expect(lines.contains { $0.hasPrefix("V=one two; T=") && ($0.hasSuffix("screen") || $0.hasSuffix("tmux-256color")) })
        #expect(try await session.waitForExit() == 0)
    }

    @Test func terminalLeftInRawModeIsDetected() async throws {
        let session = try TmuxSession(command: ["/bin/sh", "-c", "stty raw -echo; exit 0"])
        defer { session.close() }
        #expect(try await session.waitForExit() == 0)
        let before = try #require(session.sttyBefore)
        let after = try #require(session.sttyAfter)
        #expect(before != after)
    }

    @Test func resizeReachesTheProgramAsSIGWINCH() async throws {
        let session = try TmuxSession(
            command: ["/bin/sh", "-c", #"trap 'echo "winch $(stty size)"' WINCH; echo "start $(stty size)"; while :; do sleep 0.05; done"#],
            width: 80, height: 24
        )
        defer { session.close() }
        try await session.waitForText("start 24 80")
        try session.resize(width: 70, height: 20)
        try await session.waitForText("winch 20 70")
    }

    @Test func signalReachesTheProgramNotTheWrapper() async throws {
        let session = try TmuxSession(command: ["sleep", "100"])
        defer { session.close() }
        let pid = try await session.waitForProgramStart()
        #expect(try session.programPID() == pid)
        try session.signalProgram(SIGTERM)
        #expect(try await session.waitForExit() == 143)
        #expect(session.sttyAfter == session.sttyBefore)
        #expect(throws: TmuxSessionError.self) { try session.signalProgram(SIGTERM) }
    }

    @Test func controlCInterruptsTheProgramAndTheWrapperSurvives() async throws {
        let session = try TmuxSession(command: ["sleep", "100"])
        defer { session.close() }
        try await session.waitForProgramStart()
        try session.sendKeys("C-c")
        #expect(try await session.waitForExit() == 130)
        try session.sendKeys("C-c")
        _ = try session.capture()  // The pane, kept by the wrapper, still answers.
    }

    @Test func waitingReportsTheLastScreenAndGivesUpEarlyWhenTheProgramExits() async throws {
        let session = try TmuxSession(command: ["/bin/sh", "-c", "echo hello; exit 7"])
        defer { session.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: TmuxSessionError.self) {
            try await session.waitForText("never shown", timeout: .seconds(5))
        }
        #expect(clock.now - start < .seconds(6))
        let description = try #require(error).description
        #expect(description.contains("status 7"))
        #expect(description.contains("|hello"))

        let running = try TmuxSession(command: ["sleep", "100"])
        defer { running.close() }
        await #expect(throws: TmuxSessionError.self) {
            try await running.waitForScreen(timeout: .milliseconds(100)) { _ in false }
        }
    }

    @Test func sessionsSideBySideStayApart() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    let session = try TmuxSession(
                        command: ["/bin/sh", "-c", #"read x; echo "session $N got $x"; exit $N"#],
                        environment: ["N": String(index)]
                    )
                    defer { session.close() }
                    try await session.waitForProgramStart()
                    try session.sendLiteral("key\(index)")
                    try session.sendKeys("Enter")
                    try await session.waitForText("session \(index) got key\(index)")
                    #expect(try await session.waitForExit() == Int32(index))
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func closeEndsEverythingAndIsIdempotent() async throws {
        let session = try TmuxSession(command: ["sleep", "100"])
        let pid = try await session.waitForProgramStart()
        let socketName = URL(fileURLWithPath: session.socketPath).lastPathComponent
        #expect(processes(whoseCommandLineContains: socketName).count == 1)  // The server.
        session.close()
        session.close()
        #expect(await eventually(timeout: .seconds(5)) { !isRunning(pid) }, "the program is gone")
        #expect(await eventually(timeout: .seconds(5)) { processes(whoseCommandLineContains: socketName).isEmpty }, "the server is gone")
        #expect(!FileManager.default.fileExists(atPath: session.socketPath))
        #expect(throws: TmuxSessionError.self) { try session.capture() }
        #expect(throws: TmuxSessionError.self) { try session.sendKeys("q") }
    }

    @Test func processRunnerCapturesOutputAndStatus() async throws {
        let result = try await ProcessRunner(
            "/bin/sh", ["-c", #"printf out; printf err >&2; printf '%s' "$EXTRA"; exit 4"#],
            extraEnvironment: ["EXTRA": "+x"]
        ).run()
        #expect(result.status == 4)
        #expect(result.stdoutText == "out+x")
        #expect(result.stderrText == "err")

        let found = try await ProcessRunner("sh", ["-c", "kill -TERM $$"]).run()
        #expect(found.status == 143)
        #expect(found.uncaughtSignal == SIGTERM)
    }

    @Test func processRunnerDrainsLargeOutputOnBothPipes() async throws {
        let result = try await ProcessRunner("/bin/sh", ["-c", "head -c 3000000 /dev/zero; head -c 2000000 /dev/zero >&2"]).run()
        #expect(result.status == 0)
        #expect(result.stdout.count == 3_000_000)
        #expect(result.stderr.count == 2_000_000)
    }

    @Test func processRunnerKillsAProcessGroupThatOutlivesItsTimeout() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: ProcessRunnerError.self) {
            try await ProcessRunner("/bin/sh", ["-c", "sleep 100 & echo $!; wait"]).run(timeout: .seconds(2))
        }
        #expect(clock.now - start < .seconds(6))
        guard case .timedOut(_, _, let stdout, _) = try #require(error) else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        let grandchild = try #require(Int32(String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await eventually(timeout: .seconds(5)) { !isRunning(grandchild) }, "the background sleep is killed too")
    }

    @Test func processRunnerStopsWhenItsTaskIsCancelled() async throws {
        let task = Task { try await ProcessRunner("sleep", ["100"]).run() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// Whether `pid` is a live process (a zombie waiting to be reaped counts as gone).
private func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let afterName = stat.range(of: ") ", options: .backwards)
    else { return false }
    return !stat[afterName.upperBound...].hasPrefix("Z")
}

/// The pids of live processes whose command line contains `text`.
private func processes(whoseCommandLineContains text: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        return String(decoding: data, as: UTF8.self).contains(text) && isRunning(pid)
    }
}
