import Foundation
import NewsCore
import TestSupport

/// Size caps bound memory, whatever the server sends: peak RSS of a process that fetches an
/// endless JSON body, a 1 GiB gzip bomb, a 12.5 GiB zstd bomb (400 KB, refused at its head)
/// and an endless image (5 MiB cap) from a loopback server in another process sending at full
/// speed, over several runs (goal: every run under 100 MiB); and, in this process, how long
/// after the fetch fails the server sees the close.
enum LimitsBenchmark {
    enum Case: String, CaseIterable {
        case endlessJSON = "endless-json"
        case gzipBomb = "gzip-bomb"
        case zstdBomb = "zstd-bomb"
        case endlessImage = "endless-image"

        var response: ScriptedResponse {
            switch self {
            case .endlessJSON:
                return ScriptedResponse(
                    headers: [("Content-Type", "application/json")],
                    body: .generated(prefix: Data(#"{"articles":["#.utf8), count: Int.max), contentLength: .omitted)
            case .gzipBomb:
                return ScriptedResponse(
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                    body: .data(GzipBomb.body(mebibytes: 1024)))
            case .zstdBomb:
                return ScriptedResponse(
                    headers: [("Content-Type", "application/json"), ("Content-Encoding", "zstd")],
                    body: .data(ZstdBomb.body(mebibytes: 12_800)))
            case .endlessImage:
                return ScriptedResponse(
                    headers: [("Content-Type", "image/png")],
                    body: .generated(prefix: HeaderOnlyImage.pngSignature, count: Int.max), contentLength: .omitted)
            }
        }

        static let imageCap = 5 << 20
        var cap: Int { self == .endlessImage ? Self.imageCap : NewsService.defaultSizeLimit }

        /// How the fetch must fail: too large, or (zstd, never offered) refused at the head.
        func isExpected(_ error: Error) -> Bool {
            switch (self, error as? NewsError) {
            case (.zstdBomb, .unsupportedEncoding(_, "zstd")?): return true
            case (.zstdBomb, _): return false
            case (_, let error?): return error == .tooLarge(limit: cap)
            case (_, nil): return false
            }
        }

        var label: String {
            self == .zstdBomb ? "refused at its head" : "cap \(ByteCount.describe(cap))"
        }

        /// The fetch the app would make; it must fail (`isExpected`).
        func fetch(_ url: URL) async throws {
            switch self {
            case .endlessJSON, .gzipBomb, .zstdBomb: _ = try await NewsService().document(at: url)
            case .endlessImage: _ = try await ImageLoader(sizeLimit: Self.imageCap).load(url) { _ in }
            }
        }
    }

    static let goal = 100 << 20

    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let server = try ChildServer(.limits)
        defer { server.stop() }
        let rounds = options.rounds ?? 3
        var lines: [String] = []
        var met = true
        for limitsCase in Case.allCases {
            var peaks: [Int] = []
            for _ in 0..<rounds {
                peaks.append(try await probe(limitsCase, server.url(limitsCase.rawValue)))
            }
            let worst = peaks.max() ?? 0
            met = met && worst < goal
            lines.append("\(limitsCase.rawValue) (\(limitsCase.label)): peak RSS "
                + peaks.map(ByteCount.describe).joined(separator: ", ") + " over \(rounds) runs; goal every run < 100 MiB: "
                + (worst < goal ? "PASS" : "MISS"))
        }
        lines.append("connection closed after the fetch failed: " + (try await closeDelays()).joined(separator: ", "))
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: met)
    }

    /// Runs one fetch in a child process of its own (`limits-probe`) and returns its peak RSS.
    private static func probe(_ limitsCase: Case, _ url: URL) async throws -> Int {
        let result = try await ProcessRunner(CommandLine.arguments[0], ["limits-probe", limitsCase.rawValue, url.absoluteString]).run(timeout: .seconds(120))
        let text = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, text.hasPrefix("peak="), let peak = Int(text.dropFirst(5)) else {
            throw BenchmarkFailure("the \(limitsCase.rawValue) probe failed (\(result.status)): \(text) \(result.stderrText)")
        }
        return peak
    }

    /// The child's side: fetch, check it was refused as it should be, print the peak RSS.
    static func probeMain(_ name: String, _ urlText: String) async -> Never {
        guard let limitsCase = Case(rawValue: name), let url = URL(string: urlText) else {
            FileHandle.standardError.write(Data("limits-probe: bad arguments\n".utf8))
            exit(2)
        }
        do {
            try await limitsCase.fetch(url)
            FileHandle.standardError.write(Data("limits-probe: the fetch succeeded\n".utf8))
            exit(1)
        } catch {
            guard limitsCase.isExpected(error) else {
                FileHandle.standardError.write(Data("limits-probe: \(error)\n".utf8))
                exit(1)
            }
        }
        report("peak=\(ResidentMemory.peak() ?? -1)")
        exit(0)
    }

    /// For each case, in this process: the time from the failed fetch to the server seeing the
    /// connection close.
    private static func closeDelays() async throws -> [String] {
        var delays: [String] = []
        for limitsCase in Case.allCases {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/x", limitsCase.response)
            do { try await limitsCase.fetch(server.url("/x")) } catch {}  // the failure is the point; its kind is checked by the probe
            let failedAt = ContinuousClock.now
            guard await server.waitUntil(timeout: .seconds(30), { $0.first?.clientClosedAt != nil }),
                  let closedAt = server.requests.first?.clientClosedAt else {
                throw BenchmarkFailure("\(limitsCase.rawValue): the connection stayed open for 30 s")
            }
            delays.append("\(limitsCase.rawValue) \(Format.milliseconds(max(.zero, closedAt - failedAt))) ms")
        }
        return delays
    }
}
