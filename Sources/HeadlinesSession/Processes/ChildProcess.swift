import FoundationEssentials
import CSystem
import Glibc
import NewsCore

/// A program started with `posix_spawn` and waited for on a thread of its own, so the main
/// actor never blocks: what Foundation's `Process` did for the browser, without loading it.
package enum ChildProcess {
    package struct SpawnFailure: Error {
        let code: Int32
    }

    /// Starts `arguments[0]` (a path) with `arguments`. The child starts with default signal
    /// handling, an empty signal mask and only the standard streams open, whatever this
    /// program set for itself. `detached`:
    /// its standard streams go to /dev/null and it gets a process group of its own, so keys
    /// typed at the terminal never signal it. `input`: a descriptor the child reads as its standard input.
    package static func spawn(_ arguments: [String], detached: Bool, input: Int32? = nil) throws(SpawnFailure) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if detached {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if detached {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        // Nothing of ours past the three standard streams reaches the browser (the cache, the
        // log, sockets, the input monitor's pipe), as Foundation's Process also made sure.
        guard sys_spawn_close_from(&actions, 3) == 0 else { throw SpawnFailure(code: EINVAL) }

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnFailure(code: code) }
        return pid
    }

    /// The child's exit status (128 + the signal when a signal ended it, as a shell reports it)
    /// once it has ended; -1 when it cannot be waited for.
    package static func exitStatus(of pid: pid_t) async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let started = DetachedThread.start(name: "headlines.wait") {
                continuation.resume(returning: waitForExit(pid))
            }
            if !started { continuation.resume(returning: waitForExit(pid)) }  // no thread to spare: wait here
        }
    }

    /// How a program run through `/usr/bin/env` ended, as one sentence naming it as `role`
    /// ("command", "player"); nil when it ended well.
    package static func complaint(status: Int32, program: String, role: String) -> String? {
        switch status {
        case 0: return nil
        // env exits 127 when it cannot find the program, 126 when it cannot run it.
        case 127: return "The \(role) “\(program)” was not found."
        case 126: return "The \(role) “\(program)” could not be run."
        case ..<0: return "Could not tell how \(program) ended."
        default: return "The \(role) “\(program)” ended with status \(status)."
        }
    }

    private static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
