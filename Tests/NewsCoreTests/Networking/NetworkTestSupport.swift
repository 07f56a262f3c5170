import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif
@testable import NewsCore
import TestSupport

/// Small helpers shared by the networking tests (NewsService, DocumentSource, ImageLoader),
/// which all talk to a real `LoopbackServer` on 127.0.0.1.
enum NetFixtures {
    /// A NewsAPI top-headlines answer with one article per title, in that order, each with
    /// the URL https://example.com/<index>.
    static func newsAPIDocument(titles: [String]) -> String {
        let articles = titles.enumerated().map { index, title in
            #"{"source":{"id":null,"name":"Loopback"},"title":"\#(title)","url":"https://example.com/\#(index)","publishedAt":"2024-08-29T06:37:13Z"}"#
        }
        return #"{"status":"ok","totalResults":\#(titles.count),"articles":[\#(articles.joined(separator: ","))]}"#
    }

    static let threeArticles = newsAPIDocument(titles: ["First story", "Second story", "Third story"])

    /// NewsAPI's answer to a bad key, byte for byte as it sends it.
    static let apiKeyInvalidBody = #"{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid or incorrect."}"#
}

/// Runs `body` and returns what it threw, or nil when it returned.
func thrownError<T>(_ body: () async throws -> T) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// True for one sentence a person can read: a capital letter or digit first, a full stop
/// last, one line, not empty, not a system dump.
func isOneSentence(_ message: String) -> Bool {
    guard let first = message.unicodeScalars.first, message.count <= 300 else { return false }
    return (CharacterSet.uppercaseLetters.contains(first) || CharacterSet.decimalDigits.contains(first))
        && message.hasSuffix(".") && !message.contains("\n")
}

/// Collects progress reports, and when each arrived, from any thread.
final class ProgressLog: Sendable {
    private let items = Mutex<[(progress: TransferProgress, at: ContinuousClock.Instant)]>([])

    func record(_ progress: TransferProgress) { items.withLock { $0.append((progress, .now)) } }

    var reports: [TransferProgress] { items.withLock { $0.map(\.progress) } }

    /// `record`, as a callback to hand to a transfer.
    var callback: @Sendable (TransferProgress) -> Void { { [self] in record($0) } }

    /// The shortest time between two reports, the final one (always sent) left out;
    /// nil with fewer than two such reports.
    var shortestGapBeforeTheLast: Duration? {
        let times = items.withLock { $0.dropLast().map(\.at) }
        return zip(times, times.dropFirst()).map { $1 - $0 }.min()
    }
}

extension NetFixtures {
    /// `data` as a gzip member made of stored (uncompressed) deflate blocks: valid gzip that
    /// any decoder accepts, and always 18 + 5 per 64 KiB bytes longer than `data` itself.
    static func gzipStored(_ data: Data) -> Data {
        var out = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])  // no flags, mtime 0, Unix
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out.append(final)  // BFINAL, BTYPE 00 (stored)
            out.append(contentsOf: withUnsafeBytes(of: UInt16(length).littleEndian) { Array($0) })
            out.append(contentsOf: withUnsafeBytes(of: (~UInt16(length)).littleEndian) { Array($0) })
            out.append(data.subdata(in: data.startIndex + offset..<data.startIndex + offset + length))
            offset += length
        } while offset < data.count
        out.append(contentsOf: withUnsafeBytes(of: CRC32.checksum(data).littleEndian) { Array($0) })
        out.append(contentsOf: withUnsafeBytes(of: UInt32(truncatingIfNeeded: data.count).littleEndian) { Array($0) })
        return out
    }
}

/// The task's result, or nil when it has not ended within `timeout`, so that a test never
/// hangs on a fetch that never ends (the test's own wait is bounded; the stuck task is left).
func result<T: Sendable>(of task: Task<T, any Error>, within timeout: Duration) async -> Result<T, any Error>? {
    let outcome = Outcome<T>()
    Task { outcome.set(await task.result) }
    _ = await eventually(timeout: timeout) { outcome.value != nil }  // the value says whether it ended
    return outcome.value
}

/// A task's result, set once from another task.
final class Outcome<T: Sendable>: Sendable {
    private let stored = Mutex<Result<T, any Error>?>(nil)

    func set(_ result: Result<T, any Error>) { stored.withLock { $0 = result } }
    var value: Result<T, any Error>? { stored.withLock { $0 } }
}
