import CSystem
import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// Gets a server's password from where the config says: a command's first line of output, a
/// private file's first line, or the config itself. Nothing here writes the password anywhere;
/// failures name the server and the command or file, never what they gave.
public enum ServerPassword {
    /// More than any password; a command that prints more is cut off and refused.
    static let maxOutput = 4096
    /// A command that has not ended by then is killed (a `pass` waiting for a pinentry nobody sees).
    static let commandTimeLimit: Duration = .seconds(15)

    /// At quit: every `password-command` still running is ended, its process group gone.
    public static func stopCommands() async {
        await PasswordCommand.stopAll(within: PasswordCommand.grace + .milliseconds(500))
    }

    public static func resolve(_ server: ServerConfig, environment: [String: String]) async throws(SyncError) -> String {
        func failure(_ reason: String) -> SyncError { .password(server: server.name, reason: reason) }
        // From here to the end of the run the process holds a password: no core file of a
        // crash (it held the password 5 times), no ptrace or /proc/PID/mem by the same user.
        _ = sys_set_not_dumpable()
        let text: String
        switch server.password {
        case .inline(let password):
            return password
        case .file(let url):
            let display = ConfigPaths.display(url.path, environment: environment)
            var read: ConfigFile.Contents?
            do {
                read = try ConfigFile.read(url, display: display, mustExist: true, limit: maxOutput)
            } catch {
                throw failure("password-file \(display): \(error.reason)")
            }
            // Moved out, not copied: the bytes wiped below are the only ones.
            guard var contents = read.take() else { throw failure("password-file \(display) does not exist") }
            defer { SecretBytes.wipe(&contents.data) }
            // The same rule as a NewsAPI key in the config: a password others can read is refused.
            guard contents.mode & 0o077 == 0 else {
                throw failure("password-file \(display) can be read by others (mode \(String(contents.mode & 0o777, radix: 8))): run chmod 600 \(display)")
            }
            guard let decoded = SecretBytes.takeText(&contents.data) else {
                throw failure("password-file \(display) is not UTF-8 text")
            }
            text = decoded
        case .command(let words):
            text = try await PasswordCommand.run(words, timeLimit: commandTimeLimit, maxOutput: maxOutput, server: server.name)
        }
        let line = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).first ?? ""
        let password = String(line.last == "\r" ? line.dropLast() : line)
        guard !password.isEmpty else { throw failure("it is empty") }
        return password
    }
}
