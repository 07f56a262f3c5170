import Foundation
import Testing
import TestSupport

/// Secrets that never show, and files that cannot hang the program (a FIFO where a file is read or written).
@Suite("Secrets and special files")
struct SecretsAndSpecialFilesTests {
    let home: TemporaryFolder

    init() throws {
        home = try TemporaryFolder("e2e")
    }

    /// A mistyped password line names its line and problem on stderr, not the password.
    @Test(arguments: ["password s3cr3t-xyz", "password: s3cr3t-xyz"])
    func aMistypedPasswordLineIsNotQuoted(line: String) async throws {
        try FeedFixtures.writeConfig(
            "[server \"Home\"]\nkind = fever\nurl = https://s.example/\nuser = me\n\(line)\n", home: home.url)
        let result = try await HeadlinesSession.run(["--print"], home: home)
        #expect(result.status == 2)
        #expect(result.stderrText.contains("config:5:"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("s3cr3t"), "\(result.stderrText)")
    }

    /// A FIFO named anywhere a file is read or written is refused at once, never waited on.
    @Test func aFIFOIsRefusedEverywhereAtOnce() async throws {
        let fifo = home.file("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let started = ContinuousClock.now
        let config = try await HeadlinesSession.run(["--config", fifo.path, "--print"], home: home, timeout: .seconds(10))
        #expect(config.status == 2)
        #expect(config.stderrText.contains("it is not a regular file"), "\(config.stderrText)")
        let opml = try await HeadlinesSession.run(["--import-opml", fifo.path], home: home, timeout: .seconds(10))
        #expect(opml.status != 0 && opml.stderrText.contains("not a regular file"), "\(opml.stderrText)")
        let newsboat = try await HeadlinesSession.run(["--import-newsboat", fifo.path], home: home, timeout: .seconds(10))
        #expect(newsboat.status != 0 && newsboat.stderrText.contains("not a regular file"), "\(newsboat.stderrText)")
        let log = try await HeadlinesSession.run(["--demo", "--print", "--log", fifo.path], home: home, timeout: .seconds(10))
        #expect(log.status != 0 && log.stderrText.contains("not a regular file"), "\(log.stderrText)")
        try FeedFixtures.writeConfig(
            "[server \"Home\"]\nkind = fever\nurl = https://s.example/\nuser = me\npassword-file = \(fifo.path)\n", home: home.url)
        let password = try await HeadlinesSession.run(["--print"], home: home, timeout: .seconds(10))
        #expect(password.status != 0)
        #expect(password.stderrText.contains("not a regular file"), "\(password.stderrText)")
        #expect(password.stderrText.split(separator: "\n").count == 1, "\(password.stderrText)")
        #expect(ContinuousClock.now - started < .seconds(20))
    }
}
