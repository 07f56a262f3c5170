import Foundation
import Testing
@testable import NewsCore
import TestSupport

@Suite("Log rotation")
struct LogRotationTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("log-rotation") }

    private func size(_ name: String) -> Int { folder.size(of: name) ?? 0 }

    private func numbers(_ name: String) throws -> [Int] {
        try String(contentsOf: folder.file(name), encoding: .utf8).split(separator: "\n").compactMap { line in
            line.split(separator: "n=").last.flatMap { Int($0) }
        }
    }

    @Test func rotatesAtOneMebibyteKeepingOneOldFile() async throws {
        let log = try DiagnosticLog.open(file: folder.file("h.log"), level: .info)
        let padding = String(repeating: "p", count: 200)
        // About 250 bytes a line: 1 MiB holds about 4,200 lines; 10,000 lines rotate twice.
        let total = 10_000
        for number in 0..<total { log.log(.info, "fill", ["pad": padding, "n": String(number)]) }
        await log.flush()
        #expect(folder.names() == ["h.log", "h.log.1"])
        #expect(size("h.log") <= DiagnosticLog.rotationSize)
        #expect(size("h.log.1") <= DiagnosticLog.rotationSize)
        #expect(size("h.log.1") > DiagnosticLog.rotationSize - 300)  // filled to the cap, less than one line short
        // The two files hold the newest lines, in order, with none missing between them.
        let kept = try numbers("h.log.1") + numbers("h.log")
        #expect(kept.last == total - 1)
        #expect(kept == Array((total - kept.count)..<total))
        #expect(kept.count < total)  // the first generation was dropped
    }

    @Test func anExistingFileIsAppendedToAndCountsTowardsTheCap() async throws {
        let existing = Data(repeating: UInt8(ascii: "x"), count: DiagnosticLog.rotationSize - 10) + Data("\n".utf8)
        _ = try folder.write(existing, to: "h.log")
        let log = try DiagnosticLog.open(file: folder.file("h.log"), level: .info)
        log.log(.info, "after", ["n": "1"])
        await log.flush()
        #expect(size("h.log.1") == existing.count)
        #expect(try numbers("h.log") == [1])
    }

    @Test func aSmallCapRotatesEveryFewLines() async throws {
        let log = try DiagnosticLog.open(file: folder.file("h.log"), level: .info, rotateAt: 200)
        for number in 0..<20 { log.log(.info, "x", ["n": String(number)]) }
        await log.flush()
        #expect(size("h.log") <= 200 && size("h.log.1") <= 200)
        #expect(try numbers("h.log").last == 19)
    }
}
