import Dispatch

/// Tells the loop when standard input has bytes, through a dispatch read source. The source
/// suspends itself on each event; the loop drains the keys with curses on the main actor and
/// then resumes it. Nonisolated on purpose: the handler runs on a private queue.
final class InputMonitor: @unchecked Sendable {
    private let source: DispatchSourceRead
    private let queue = DispatchQueue(label: "headlines.input")
    private var suspended = false  // touched only on `queue`

    init(fileDescriptor: Int32, onReadable: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue)
        source.setEventHandler { [unowned self] in
            guard !self.suspended else { return }
            self.suspended = true
            self.source.suspend()
            onReadable()
        }
        source.activate()
    }

    /// Listens again after the loop has drained the input.
    func resume() {
        queue.async {
            guard self.suspended else { return }
            self.suspended = false
            self.source.resume()
        }
    }

    func cancel() {
        queue.sync {
            if self.suspended {
                self.suspended = false
                self.source.resume()
            }
            self.source.cancel()
        }
    }
}
