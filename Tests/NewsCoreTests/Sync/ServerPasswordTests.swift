import CSystem
import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// Where a server's password comes from: a command run without a shell (capped, time-limited),
/// or a private file; failures name the server, never the password.
@Suite("Server password", .serialized)  // `stopCommands` ends every command of the process
struct ServerPasswordTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("password") }

    private func server(_ password: ServerConfig.PasswordSource) -> ServerConfig {
        ServerConfig(name: "Home", kind: .ttrss, url: URL(string: "https://e.com/")!, user: "me", password: password)
    }

    private func resolve(_ password: ServerConfig.PasswordSource) async throws(SyncError) -> String {
        try await ServerPassword.resolve(server(password), environment: ["HOME": folder.path])
    }

    @Test func aCommandsFirstLineIsThePasswordAndNoShellSeesItsWords() async throws {
        #expect(try await resolve(.command(["printf", "%s\\nsecond line\\n", "pa ss;$(id)"])) == "pa ss;$(id)")
    }

    @Test func aFailingOrMissingCommandIsNamed() async {
        await #expect(throws: SyncError.password(server: "Home", reason: "password-command false failed (exit status 1)")) {
            try await resolve(.command(["false"]))
        }
        await #expect(throws: SyncError.password(server: "Home", reason: "password-command no-such-program-x was not found")) {
            try await resolve(.command(["no-such-program-x"]))
        }
    }

    /// A command that exists and exits 127 itself is not "not found" (issue 28).
    @Test func aCommandThatExitsWith127IsNotCalledMissing() async {
        await #expect(throws: SyncError.password(server: "Home", reason: "password-command sh failed (exit status 127)")) {
            try await resolve(.command(["sh", "-c", "exit 127"]))
        }
        await #expect(throws: SyncError.password(server: "Home", reason: "password-command /no/such/program was not found")) {
            try await resolve(.command(["/no/such/program"]))
        }
    }

    /// Once a password is read the process is not dumpable (issue 28).
    @Test func readingAPasswordMakesTheProcessNotDumpable() async throws {
        #expect(try await resolve(.inline("s3cr3t")) == "s3cr3t")
        #expect(sys_is_dumpable() == 0)
    }

    @Test func aCommandThatPrintsTooMuchIsCutOff() async {
        await #expect(throws: SyncError.password(server: "Home", reason: "password-command yes printed more than 4096 bytes")) {
            try await resolve(.command(["yes"]))
        }
    }

    @Test func aCommandThatHangsIsKilledAtItsTimeLimit() async {
        let started = ContinuousClock.now
        await #expect(throws: SyncError.self) {
            try await PasswordCommand.run(["sleep", "30"], timeLimit: .milliseconds(300), maxOutput: 100, server: "Home")
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// A cancelled sync ends its password-command's whole process group (issue 28).
    @Test func cancellingTheSyncEndsTheCommandsWholeGroup() async throws {
        let file = folder.file("pids")
        let task = Task {
            try await PasswordCommand.run(
                ["sh", "-c", "sleep 600 & echo $$ $! > '\(file.path)'; wait"], timeLimit: .seconds(60), maxOutput: 100, server: "Home")
        }
        let pids = try #require(await ProcessProbe.pids(in: file), "the command never started")
        defer { for pid in pids { kill(pid, SIGKILL) } }
        #expect(pids.count == 2)
        task.cancel()
        let error = await #expect(throws: SyncError.self) { try await task.value }
        #expect(error?.message == "The password for the server Home could not be read: password-command sh was stopped, as the sync was cancelled.")
        #expect(await ProcessProbe.allGone(pids), "\(pids) still run")
    }

    /// A child that closed its stdout and stayed is ended once the command is done (issue 28).
    @Test func aChildLeftBehindIsEndedWhenTheCommandIsDone() async throws {
        let file = folder.file("pid")
        let script = "echo secret; (exec >&- 2>&-; sleep 600) & echo $! > '\(file.path)'"
        let password = try await resolve(.command(["sh", "-c", script]))
        let pids = try #require(await ProcessProbe.pids(in: file), "the child never started")
        defer { for pid in pids { kill(pid, SIGKILL) } }
        #expect(password == "secret")
        #expect(await ProcessProbe.allGone(pids), "\(pids) still run")
    }

    /// At quit every command still running is ended, and `stopAll` waits for it (issue 28).
    @Test func quittingEndsACommandStillRunning() async throws {
        let file = folder.file("pid")
        let task = Task {
            try await PasswordCommand.run(
                ["sh", "-c", "echo $$ > '\(file.path)'; exec sleep 600"], timeLimit: .seconds(60), maxOutput: 100, server: "Home")
        }
        let pids = try #require(await ProcessProbe.pids(in: file), "the command never started")
        defer { for pid in pids { kill(pid, SIGKILL) } }
        await ServerPassword.stopCommands()
        #expect(pids.allSatisfy(ProcessProbe.isGone), "\(pids) still run")
        await #expect(throws: SyncError.self) { try await task.value }
    }

    /// SIGTERM ignored: SIGKILL follows after the grace.
    @Test func aGroupThatIgnoresSIGTERMIsKilled() async throws {
        let file = folder.file("pid")
        let task = Task {
            try await PasswordCommand.run(
                ["sh", "-c", "trap '' TERM; echo $$ > '\(file.path)'; while :; do sleep 1; done"], timeLimit: .seconds(60), maxOutput: 100,
                server: "Home")
        }
        let pids = try #require(await ProcessProbe.pids(in: file), "the command never started")
        defer { for pid in pids { kill(pid, SIGKILL) } }
        task.cancel()
        _ = await task.result
        #expect(pids.allSatisfy(ProcessProbe.isGone), "\(pids) still run")
    }

    /// The bytes a password was read as (a file, a command's output) are zeroed once they are
    /// text, not-UTF-8 ones too (issue 28); the `String` made from them cannot be.
    @Test func aPasswordsBytesAreZeroedOnceTheyAreText() {
        var bytes = Array("s3cr3t\n".utf8)
        #expect(SecretBytes.takeText(&bytes) == "s3cr3t\n")
        #expect(bytes.count == 7 && bytes.allSatisfy { $0 == 0 })
        var data = Data("a password longer than Data keeps inline\n".utf8)
        #expect(SecretBytes.takeText(&data) == "a password longer than Data keeps inline\n")
        #expect(!data.isEmpty && data.allSatisfy { $0 == 0 })
        var notText: [UInt8] = [0xFF, 0x41]
        #expect(SecretBytes.takeText(&notText) == nil)
        #expect(notText == [0, 0])
    }

    @Test func aPrivateFilesFirstLineIsThePassword() async throws {
        let file = try folder.write(Data("file-secret\n".utf8), to: "pw")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try await resolve(.file(file)) == "file-secret")
    }

    @Test func aFileOthersCanReadIsRefusedWithoutShowingIt() async throws {
        let file = try folder.write(Data("file-secret\n".utf8), to: "pw")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let error = await #expect(throws: SyncError.self) { try await resolve(.file(file)) }
        #expect(
            error?.message == "The password for the server Home could not be read: password-file ~/pw can be read by others (mode 644): run chmod 600 ~/pw.")
        #expect(error?.message.contains("file-secret") == false)
    }
}
