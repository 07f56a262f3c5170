import FoundationEssentials

/// A local edition's file copied through a save's sink, as a download would be (sniffing, cap,
/// progress, the atomic commit after).
enum LocalCopy {
    static func copy(_ link: URL, into sink: FileSink, progress: @escaping @Sendable (TransferProgress) -> Void) async throws {
        let path = link.path
        let opened: LocalFile.Opened
        do { opened = try LocalFile.open(link) } catch { throw SaveError.network(error) }
        let handle = opened.handle
        defer { handle.close() }
        let size: Int64? = opened.size
        try sink.receive(head: ResponseHead(status: 200, expectedLength: size))
        var total: Int64 = 0
        var throttle = ProgressThrottle()
        while true {
            try Task.checkCancellation()
            let chunk: Data
            do { chunk = try handle.read(upToCount: 256 * 1024) } catch {
                throw SaveError.network(.file(path: path, reason: "it cannot be read"))
            }
            if chunk.isEmpty { break }
            try sink.receive(bytes: chunk)
            total += Int64(chunk.count)
            let current = TransferProgress(received: total, expected: size)
            if throttle.shouldReport(current, now: .now) { progress(current) }
        }
        progress(TransferProgress(received: total, expected: size ?? total))  // the final count, as for downloads
    }
}
