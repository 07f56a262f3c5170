import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child started with `posix_spawn`, its stdout (and stderr, or stdin) on pipes whose other
/// ends we hold.
struct SpawnedChild {
    /// Which of the child's standard streams are pipes to us.
    enum Streams {
        /// stdin /dev/null; stdout and stderr piped (a command run to completion).
        case captured
        /// stdin and stdout piped; stderr this process's (a process left running).
        case interactive
    }

    let pid: pid_t
    let stdout: Int32
    /// -1 when the child writes to this process's stderr.
    let stderr: Int32
    /// The write end of the child's stdin; -1 when its stdin is /dev/null.
    let stdin: Int32

    init(path: String, arguments: [String], environment: [String: String], currentDirectory: String?, streams: Streams) throws {
        var pipes = PipeSet()
        do {
            let out = try pipes.make()
            let second = try pipes.make()
            let (err, input) = streams == .captured ? (second, nil) : (nil, second)
            pid = try Self.spawn(
                path: path, arguments: arguments, environment: environment, currentDirectory: currentDirectory,
                stdin: input?.read, stdout: out.write, stderr: err?.write
            )
            pipes.closeChildEnds(keeping: [out.read, err?.read, input?.write].compactMap { $0 })
            stdout = out.read
            stderr = err?.read ?? -1
            stdin = input?.write ?? -1
        } catch {
            pipes.closeAll()
            throw error
        }
    }

    private static func spawn(
        path: String, arguments: [String], environment: [String: String], currentDirectory: String?,
        stdin: Int32?, stdout: Int32, stderr: Int32?
    ) throws -> pid_t {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
            if let currentDirectory { posix_spawn_file_actions_addchdir_np(&actions, currentDirectory) }
        #else
            // Without this a long-lived child (the tmux server) would keep any descriptor of ours
            // that lacks close-on-exec, such as another test's pipe, open for good.
            guard let closeFrom = GNUExtensions.addCloseFrom else {
                throw ProcessRunnerError.spawnFailed("posix_spawn_file_actions_addclosefrom_np", errno: ENOSYS)
            }
            _ = closeFrom(&actions, 3)
            if let currentDirectory {
                guard let addChdir = GNUExtensions.addChdir else {
                    throw ProcessRunnerError.spawnFailed("posix_spawn_file_actions_addchdir_np", errno: ENOSYS)
                }
                _ = addChdir(&actions, currentDirectory)
            }
        #endif

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var pid: pid_t = 0
        let environmentStrings = environment.map { "\($0.key)=\($0.value)" }
        let result = withCStringArray(arguments) { argv in
            withCStringArray(environmentStrings) { envp in
                posix_spawn(&pid, path, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else { throw ProcessRunnerError.spawnFailed("posix_spawn \(path)", errno: result) }
        return pid
    }

    /// The raw wait status once the child has exited (reaping it), nil while it runs.
    func reap() -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return status }
            if result == -1, errno == EINTR { continue }
            return nil
        }
    }

    /// SIGKILL to the child's process group: the child and whatever it started in its group.
    func killGroup() {
        if kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
    }

    func closePipes() {
        for fd in [stdout, stderr, stdin] where fd >= 0 { close(fd) }
    }
}

/// The pipes made for one spawn, so that a failure half-way closes every one of them.
private struct PipeSet {
    private var descriptors: [Int32] = []

    mutating func make() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #if canImport(Darwin)
            guard pipe(&fds) == 0 else { throw ProcessRunnerError.spawnFailed("pipe", errno: errno) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #else
            guard let pipe2 = GNUExtensions.pipe2 else { throw ProcessRunnerError.spawnFailed("pipe2", errno: ENOSYS) }
            guard pipe2(&fds, O_CLOEXEC) == 0 else { throw ProcessRunnerError.spawnFailed("pipe2", errno: errno) }
        #endif
        descriptors += fds
        return (fds[0], fds[1])
    }

    /// Closes the ends the child now holds its own copies of.
    func closeChildEnds(keeping ours: [Int32]) {
        for fd in descriptors where !ours.contains(fd) { close(fd) }
    }

    func closeAll() {
        for fd in descriptors { close(fd) }
    }
}

/// Calls `body` with a NULL-terminated C array of copies of `strings`.
private func withCStringArray<Result>(
    _ strings: [String],
    _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}

extension SpawnedChild {
    /// Blocks until the child has exited (after `killGroup`, at once) and returns its raw status.
    func waitForExit() -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, 0)
            if result == pid { return status }
            if result == -1, errno == EINTR { continue }
            return nil
        }
    }
}
