import Foundation
@testable import NewsCore
import TestSupport

/// A fresh, empty folder under $TMPDIR for one test; removed (with everything in it) when
/// the suite instance that owns it goes away, i.e. after each test.
final class SaveTestFolder: Sendable {
    let url: URL

    init(_ label: String = "save") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("headlines-\(label)-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    /// Everything in the folder, hidden files included, sorted.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Temporary files of a save in progress (or left behind).
    func partFiles() -> [String] {
        names().filter { $0.hasPrefix(".headlines-") && $0.hasSuffix(".part") }
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func size(of name: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: file(name).path)[.size] as? NSNumber)?.intValue
    }

    func write(_ data: Data, to name: String) throws -> URL {
        let target = file(name)
        try data.write(to: target)
        return target
    }
}

/// Collects progress reports, and when each arrived, from any thread.
final class SaveProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(progress: TransferProgress, at: ContinuousClock.Instant)] = []

    var reports: [TransferProgress] { lock.withLock { items.map(\.progress) } }

    var callback: @Sendable (TransferProgress) -> Void {
        { [self] progress in lock.withLock { items.append((progress, .now)) } }
    }

    /// The shortest time between two reports, the final one (always sent) left out;
    /// nil with fewer than two such reports.
    var shortestGapBeforeTheLast: Duration? {
        let times = lock.withLock { items.dropLast().map(\.at) }
        return zip(times, times.dropFirst()).map { $1 - $0 }.min()
    }
}

/// Polls `condition` (every 2 ms) until it holds or `timeout` passes; returns whether it held.
func saveTestEventually(timeout: Duration = .seconds(5), _ condition: () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if await condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
}

/// Small but well-formed image files of each accepted type, with a pixel size in the header.
enum SaveFixtures {
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    static func image(_ format: ImageFormat, width: Int = 640, height: Int = 360, size: Int = 512) -> Data {
        var bytes: [UInt8]
        switch format {
        case .png:
            bytes = [UInt8](pngSignature) + be32(13) + ascii("IHDR") + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        case .jpeg:
            bytes = [0xFF, 0xD8, 0xFF, 0xE0] + be16(16) + ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            bytes += [0xFF, 0xC0] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        case .gif:
            bytes = ascii("GIF89a") + le16(width) + le16(height) + [0xF7, 0, 0]
        case .webp:
            bytes = ascii("RIFF") + le32(size - 8) + ascii("WEBP") + ascii("VP8X") + le32(10) + [0, 0, 0, 0]
                + le24(width - 1) + le24(height - 1)
        case .avif:
            bytes = be32(28) + ascii("ftyp") + ascii("avif") + be32(0) + ascii("avif") + ascii("mif1") + ascii("miaf")
            bytes += be32(20) + ascii("ispe") + be32(0) + be32(width) + be32(height)
        }
        var index = bytes.count
        while bytes.count < size {
            bytes.append(UInt8(truncatingIfNeeded: index &* 7 &+ 3))
            index += 1
        }
        return Data(bytes)
    }

    static let html = Data("<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>Sorry.</body></html>\n".utf8)

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le24(v) + [UInt8(v >> 24 & 0xFF)] }
}

extension LoopbackServer {
    /// The requests that reached `path`, however many there were.
    func count(_ path: String) -> Int { requests(path: path).count }
}

/// A client that fails fast in tests instead of waiting the default 30 s.
let saveTestHTTP = HTTPClient(timeout: 10)
