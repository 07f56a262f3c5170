#if canImport(Glibc)
    import Glibc
#endif

/// A named thread that runs for the rest of the process and is never joined: the curl
/// driver's. POSIX threads directly, as Foundation's `Thread` would have loaded Foundation.
public enum DetachedThread {
    /// Starts `body` on a new thread called `name` (the kernel keeps 15 bytes); false when
    /// the system refuses a thread.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, threadEntry, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        _ = pthread_detach(thread)
        return true
    }
}

/// What the new thread runs, handed over through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let name: String
    let run: @Sendable () -> Void

    init(name: String, run: @escaping @Sendable () -> Void) {
        self.name = name
        self.run = run
    }

    /// Sets the name `ps`, `top` and debuggers show, from inside the thread (the Glibc module
    /// leaves `pthread_setname_np` out).
    func nameThisThread() {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }  // no /proc: the thread keeps the process's name
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
    }
}

private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
    body.nameThisThread()
    body.run()
    return nil
}
