import FoundationEssentials
import Glibc

/// Collects the body in memory, up to a limit. The buffer grows by doubling but never past the
/// limit, through `realloc` (which moves large blocks by remapping pages, not copying), so a
/// body refused at the cap has cost about the cap, never twice it.
public final class MemorySink: TransferSink, @unchecked Sendable {
    private let limit: Int
    private var storage: UnsafeMutableRawPointer?
    private var capacity = 0
    private var count = 0

    public init(limit: Int) { self.limit = max(0, limit) }

    deinit { free(storage) }

    public func receive(head: ResponseHead) throws {
        if let expected = head.expectedLength {
            if expected > Int64(limit) { throw NewsError.tooLarge(limit: limit) }
            try reserve(Int(expected))
        }
    }

    public func receive(bytes: Data) throws {
        guard bytes.count <= limit - count else { throw NewsError.tooLarge(limit: limit) }
        if count + bytes.count > capacity { try reserve(min(limit, max(count + bytes.count, capacity * 2, 64 * 1024))) }
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress, let storage else { return }
            (storage + count).copyMemory(from: base, byteCount: source.count)
        }
        count += bytes.count
    }

    /// The body so far; the sink is empty afterwards.
    public func takeData() -> Data {
        guard let storage, count > 0 else { return Data() }
        let data = Data(bytesNoCopy: storage, count: count, deallocator: .free)
        self.storage = nil
        capacity = 0
        count = 0
        return data
    }

    private func reserve(_ wanted: Int) throws {
        guard wanted > capacity else { return }
        guard let grown = realloc(storage, wanted) else { throw NewsError.tooLarge(limit: limit) }
        storage = grown
        capacity = wanted
    }
}
