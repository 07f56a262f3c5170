import CSystem
import Glibc
import Dispatch

/// Delivers SIGWINCH, SIGCONT, SIGINT, SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\) to the loop as events, through
/// dispatch signal sources, so no curses call ever runs in a signal handler.
final class SignalMonitor: @unchecked Sendable {
    static let handled: [Int32] = [SIGWINCH, SIGCONT, SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    private var sources: [DispatchSourceSignal] = []

    init(onSignal: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "headlines.signals")
        for signo in Self.handled {
            // The default action would kill us before we restore the terminal. (Ignoring SIGCONT
            // does not stop it from continuing the process; the source still hears of it.)
            _ = sys_ignore_signal(signo)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { onSignal(signo) }
            source.activate()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }
}
