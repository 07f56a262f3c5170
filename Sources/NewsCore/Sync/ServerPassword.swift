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
            let contents: ConfigFile.Contents?
            do {
                contents = try ConfigFile.read(url, display: display, mustExist: true, limit: maxOutput)
            } catch {
                throw failure("password-file \(display): \(error.reason)")
            }
            guard let contents else { throw failure("password-file \(display) does not exist") }
            // The same rule as a NewsAPI key in the config: a password others can read is refused.
            guard contents.mode & 0o077 == 0 else {
                throw failure("password-file \(display) can be read by others (mode \(String(contents.mode & 0o777, radix: 8))): run chmod 600 \(display)")
            }
            guard let decoded = String(validating: contents.data, as: UTF8.self) else {
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

/// Runs `password-command`: no shell (the words are the arguments; the program is looked up in
/// `PATH` by `/usr/bin/env`), standard input and error from and to /dev/null, standard output
/// read up to a cap, and a time limit after which the command is killed.
enum PasswordCommand {
    static func run(_ words: [String], timeLimit: Duration, maxOutput: Int, server: String) async throws(SyncError) -> String {
        let program = words.first ?? ""
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<String, CommandFailure>, Never>) in
            let started = DetachedThread.start(name: "headlines.pass") {
                continuation.resume(returning: runBlocking(words, timeLimit: timeLimit, maxOutput: maxOutput))
            }
            if !started { continuation.resume(returning: .failure(.couldNotStart)) }
        }
        switch result {
        case .success(let output):
            return output
        case .failure(let failure):
            let reason: String
            switch failure {
            case .couldNotStart: reason = "password-command \(program) could not be started"
            case .notFound: reason = "password-command \(program) was not found"
            case .exited(let status): reason = "password-command \(program) failed (exit status \(status))"
            case .tooSlow: reason = "password-command \(program) did not finish within \(timeLimit.components.seconds) seconds"
            case .tooLong: reason = "password-command \(program) printed more than \(maxOutput) bytes"
            case .notText: reason = "password-command \(program) printed something that is not UTF-8 text"
            }
            throw .password(server: server, reason: reason)
        }
    }

    enum CommandFailure: Error {
        case couldNotStart, notFound, exited(Int32), tooSlow, tooLong, notText
    }

    /// Whether `program` names an executable, by path or through `PATH`, as env looks for it.
    static func isFindable(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { folder in
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            var info = stat()
            return stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(candidate, X_OK) == 0
        }
    }

    private static func runBlocking(_ words: [String], timeLimit: Duration, maxOutput: Int) -> Result<String, CommandFailure> {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .failure(.couldNotStart) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Children started elsewhere close every descriptor past the standard ones (as this one does).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(readEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard sys_spawn_close_from(&actions, 3) == 0 else {
            close(writeEnd)
            return .failure(.couldNotStart)
        }
        // A process group of its own, so that a time limit kills the command's children too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let arguments = ["/usr/bin/env", "--"] + words
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        close(writeEnd)
        guard code == 0 else { return .failure(.couldNotStart) }

        let deadline = ContinuousClock.now + timeLimit
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        var failure: CommandFailure?
        reading: while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                failure = .tooSlow
                break
            }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let millis = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&poller, 1, millis)
            if ready < 0 {
                if errno == EINTR { continue }
                failure = .couldNotStart
                break
            }
            if ready == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                break reading
            }
            if count == 0 { break }
            output.append(contentsOf: buffer[0..<count])
            if output.count > maxOutput {
                failure = .tooLong
                break
            }
        }
        if failure != nil { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if let failure { return .failure(failure) }
        let signal = status & 0x7F
        let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        // env exits 127 when it finds no such program, but so may the program itself.
        if exit == 127 { return .failure(isFindable(words[0]) ? .exited(127) : .notFound) }
        guard exit == 0 else { return .failure(.exited(exit)) }
        guard let text = String(validating: output, as: UTF8.self) else { return .failure(.notText) }
        return .success(text)
    }
}
