import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The interface benchmarks run to their summary: a benchmark that traps (as the redraw
    /// one did on an isolation check) would otherwise only be found by whoever runs it next.
    /// Goals are not checked here (a debug build on a shared machine); finishing is.
    @Suite struct BenchmarkSmoke {
        @Test(arguments: ["redraw", "redraw-article", "filter"])
        func benchmarkRunsToItsSummary(_ name: String) async throws {
            let bench = URL(fileURLWithPath: HeadlinesBinary.path).deletingLastPathComponent().appendingPathComponent("headlines-bench").path
            let result = try await ProcessRunner(bench, [name, "--rounds", "3"]).run(timeout: .seconds(120))
            #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("== summary"), "\(result.stdoutText)\n\(result.stderrText)")
            #expect(!result.stderrText.contains("crashed"), "\(result.stderrText)")
        }
    }
}
