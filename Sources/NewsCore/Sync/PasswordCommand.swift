import CSystem
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Runs `password-command`: no shell (the words are the arguments; the program is looked up in
/// `PATH` by `/usr/bin/env`), standard input and error from and to /dev/null, standard output
/// read up to a cap, and a time limit. The command runs in a process group of its own, and
/// nothing of that group outlives it: the group is ended (SIGTERM, then SIGKILL after
/// `grace`) when the command's main process has exited (a child that closed its stdout and
/// stayed), when the time limit passes, when the sync that asked for it is cancelled, and
/// when the program quits (`stopAll`).
enum PasswordCommand {
    /// How long a group has between SIGTERM and SIGKILL.
    static let grace: Duration = .milliseconds(500)

    /// The commands running now, for `stopAll`.
    private static let running = Mutex<[ObjectIdentifier: CommandControl]>([:])

    static func run(_ words: [String], timeLimit: Duration, maxOutput: Int, server: String) async throws(SyncError) -> String {
        let program = words.first ?? ""
        let result: Result<String, CommandFailure>
        if let control = CommandControl() {
            let key = ObjectIdentifier(control)
            running.withLock { $0[key] = control }
            result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Result<String, CommandFailure>, Never>) in
                    let finish = { @Sendable (outcome: Result<String, CommandFailure>) in
                        control.close()
                        running.withLock { $0[key] = nil }
                        continuation.resume(returning: outcome)
                    }
                    let started = DetachedThread.start(name: "headlines.pass") {
                        finish(runBlocking(words, timeLimit: timeLimit, maxOutput: maxOutput, control: control))
                    }
                    if !started { finish(.failure(.couldNotStart)) }
                }
            } onCancel: {
                control.cancel()
            }
        } else {
            result = .failure(.couldNotStart)
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
            case .cancelled: reason = "password-command \(program) was stopped, as the sync was cancelled"
            }
            throw .password(server: server, reason: reason)
        }
    }

    /// Ends every command still running (the program is quitting) and waits, up to `limit`,
    /// for their process groups to be gone and reaped.
    static func stopAll(within limit: Duration) async {
        for control in running.withLock({ Array($0.values) }) { control.cancel() }
        let deadline = ContinuousClock.now + limit
        while running.withLock({ !$0.isEmpty }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))  // the threads reap their commands; this only looks at the clock
        }
    }

    enum CommandFailure: Error {
        case couldNotStart, notFound, exited(Int32), tooSlow, tooLong, notText, cancelled
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

    private static func runBlocking(_ words: [String], timeLimit: Duration, maxOutput: Int, control: CommandControl) -> Result<String, CommandFailure> {
        if control.isCancelled { return .failure(.cancelled) }
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
        // A process group of its own, so that ending it ends the command's children too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // The signals this program hears through dispatch sources are ignored here; ignored
        // signals are inherited, so the command gets their default action back (our SIGTERM
        // ends it, not only the SIGKILL after it).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signo in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signo) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let arguments = ["/usr/bin/env", "--"] + words
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        close(writeEnd)
        guard code == 0 else { return .failure(.couldNotStart) }

        let deadline = ContinuousClock.now + timeLimit
        // Sized once (a read adds at most 1024 bytes past the cap), so that no reallocation leaves
        // a copy of the password behind; wiped once it is text.
        var output: [UInt8] = []
        output.reserveCapacity(maxOutput + 1024)
        defer { SecretBytes.wipe(&output) }
        var failure = read(readEnd, into: &output, maxOutput: maxOutput, deadline: deadline, control: control)
        // Its output ended: the main process is waited for (not reaped yet), still within the limit.
        if failure == nil { failure = waitForExit(pid, deadline: deadline, control: control) }
        let status = ProcessGroup.end(pid, grace: grace)
        if let failure { return .failure(failure) }
        let signal = status & 0x7F
        let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        // env exits 127 when it finds no such program, but so may the program itself.
        if exit == 127 { return .failure(isFindable(words[0]) ? .exited(127) : .notFound) }
        guard exit == 0 else { return .failure(.exited(exit)) }
        guard let text = SecretBytes.takeText(&output) else { return .failure(.notText) }
        return .success(text)
    }

    /// Reads the command's output to its end; the failure that stopped it early, if one did.
    private static func read(_ readEnd: Int32, into output: inout [UInt8], maxOutput: Int, deadline: ContinuousClock.Instant, control: CommandControl)
        -> CommandFailure?
    {
        var buffer = [UInt8](repeating: 0, count: 1024)
        defer { SecretBytes.wipe(&buffer) }
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .tooSlow }
            var pollers = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0), pollfd(fd: control.wakeRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 2, milliseconds(left))
            if ready < 0 {
                if errno == EINTR { continue }
                return .couldNotStart
            }
            if control.isCancelled { return .cancelled }
            if ready == 0 || pollers[0].revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return nil }
            output.append(contentsOf: buffer[0..<count])
            if output.count > maxOutput { return .tooLong }
        }
    }

    /// Waits until the command's main process has exited, leaving it unreaped (`ProcessGroup.end` reaps it).
    private static func waitForExit(_ pid: pid_t, deadline: ContinuousClock.Instant, control: CommandControl) -> CommandFailure? {
        while sys_child_has_exited(pid) == 0 {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .tooSlow }
            // There is no descriptor for a child's exit: the cancel pipe, looked at every 10 ms.
            var poller = pollfd(fd: control.wakeRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, min(10, milliseconds(left)))
            if control.isCancelled { return .cancelled }
        }
        return nil
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000 + 1)
    }
}

/// A running command's cancellation, from any thread: a flag, and a pipe whose read end the
/// command's thread polls beside the command's output, so that a cancel wakes it at once.
final class CommandControl: Sendable {
    let wakeRead: Int32
    private let state: Mutex<(cancelled: Bool, wakeWrite: Int32)>

    /// Nil when no pipe could be made.
    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        wakeRead = ends[0]
        state = Mutex((false, ends[1]))
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func cancel() {
        state.withLock { state in
            guard !state.cancelled else { return }
            state.cancelled = true
            var byte: UInt8 = 1
            if state.wakeWrite >= 0 { _ = write(state.wakeWrite, &byte, 1) }
        }
    }

    /// Once the command is over: a later `cancel` writes nowhere.
    func close() {
        state.withLock { state in
            if state.wakeWrite >= 0 { _ = Glibc.close(state.wakeWrite) }
            state.wakeWrite = -1
        }
        _ = Glibc.close(wakeRead)
    }
}

/// Ending a process group whose leader is a child of ours.
enum ProcessGroup {
    /// Sends the group SIGTERM (and SIGCONT, so that a stopped member gets it), reaps the
    /// leader, and sends SIGKILL to what is left of the group after `grace`; returns the
    /// leader's wait status. The first signal goes while the leader is unreaped (running, or a
    /// zombie that `sys_child_has_exited` left), so the group's ID cannot have been reused.
    @discardableResult
    static func end(_ leader: pid_t, grace: Duration) -> Int32 {
        _ = kill(-leader, SIGTERM)
        _ = kill(-leader, SIGCONT)
        var status: Int32 = 0
        var reaped = false
        let deadline = ContinuousClock.now + grace
        while true {
            if !reaped {
                let answer = waitpid(leader, &status, WNOHANG)
                reaped = answer == leader || (answer < 0 && errno == ECHILD)
            }
            // ESRCH: no process is left in the group.
            if reaped, kill(-leader, 0) != 0 { return status }
            if ContinuousClock.now >= deadline { break }
            usleep(5_000)  // no descriptor tells a group's end; a few checks within the grace
        }
        _ = kill(-leader, SIGKILL)
        if !reaped { while waitpid(leader, &status, 0) < 0, errno == EINTR {} }
        return status
    }
}
