import CSystem
import Dispatch
import Glibc
import NewsCore
import Synchronization

/// The commands that run to their end (`--print`, `--refresh`, `--add`, the cache printers) end
/// on SIGINT, SIGTERM and SIGHUP as the default action would (status 128 + N), but not before a
/// `password-command` still running is ended with its process group: it runs in a group of its
/// own, so the terminal's Ctrl-C never reaches it, and it would outlive the program. (The
/// interface hears these signals through its own monitor and quits through its loop.)
enum CommandSignals {
    /// Set once at start, before any task runs; kept for the life of the run.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// The signal that ends the run, once one came (0 before).
    private static let received = Atomic<Int32>(0)

    /// Ends the run with `status`, or as the signal that came would have: ending the password
    /// commands can let the command itself finish first, with the failure they caused.
    static func exit(_ status: Int32) -> Never {
        let signo = received.load(ordering: .acquiring)
        if signo != 0 {
            fflush(nil)
            _exit(128 + signo)
        }
        Glibc.exit(status)
    }

    static func endChildrenOnSignal() {
        let queue = DispatchQueue(label: "headlines.command-signals")
        for signo in [SIGINT, SIGTERM, SIGHUP] {
            _ = sys_ignore_signal(signo)  // the source hears it instead of the default action
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler {
                received.store(signo, ordering: .releasing)
                Task.detached {
                    await ServerPassword.stopCommands()
                    fflush(nil)
                    _exit(128 + signo)
                }
            }
            source.activate()
            sources.append(source)
        }
    }
}
