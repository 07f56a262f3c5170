import Foundation
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

    /// A PNG signature and a complete IHDR chunk (CRC included) for an RGBA image of the given
    /// size: enough for ImageFormat to recognise it and ImageHeader to read the size.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunk = Data("IHDR".utf8)
        for value in [width, height] { chunk.append(contentsOf: withUnsafeBytes(of: value.bigEndian) { Array($0) }) }
        chunk.append(contentsOf: [8, 6, 0, 0, 0])  // bit depth 8, RGBA, deflate, adaptive filter, no interlace
        data.append(contentsOf: withUnsafeBytes(of: UInt32(13).bigEndian) { Array($0) })
        data.append(chunk)
        data.append(contentsOf: withUnsafeBytes(of: crc32(chunk).bigEndian) { Array($0) })
        return data
    }

    /// CRC-32 as PNG defines it (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A temporary directory of its own for one test, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("headlines-nettests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
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

/// Collects progress reports from the transfer's queue.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [TransferProgress] = []

    func record(_ progress: TransferProgress) { lock.withLock { reports.append(progress) } }
    var all: [TransferProgress] { lock.withLock { reports } }
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
        out.append(contentsOf: withUnsafeBytes(of: crc32(data).littleEndian) { Array($0) })
        out.append(contentsOf: withUnsafeBytes(of: UInt32(truncatingIfNeeded: data.count).littleEndian) { Array($0) })
        return out
    }
}

/// The task's result, or nil when it has not ended within `timeout`, so that a test never
/// hangs on a fetch that never ends (the test's own wait is bounded; the stuck task is left).
func result<T: Sendable>(of task: Task<T, any Error>, within timeout: Duration) async -> Result<T, any Error>? {
    let box = ResultBox<T>()
    Task { box.set(await task.result) }
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if let result = box.value { return result }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return box.value
}

final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) { lock.withLock { stored = result } }
    var value: Result<T, any Error>? { lock.withLock { stored } }
}
