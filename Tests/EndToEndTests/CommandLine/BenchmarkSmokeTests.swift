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
            let bench = URL(fileURLWithPath: HeadlinesBinary.builtBesideTheTests).deletingLastPathComponent().appendingPathComponent("headlines-bench").path
            // The filter list is 10,000 rows here, not 100,000: building the big one in a debug
            // build took more than the deadline on a loaded machine, and finishing is what counts.
            let size = name == "filter" ? ["--articles", "10000"] : []
            let result = try await ProcessRunner(bench, [name, "--rounds", "3"] + size).run(timeout: .seconds(120))
            #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("== summary"), "\(result.stdoutText)\n\(result.stderrText)")
            #expect(!result.stderrText.contains("crashed"), "\(result.stderrText)")
        }

        /// `sync` on a small TT-RSS (3 feeds × 20 items, one round): its real size, 10,000
        /// articles, takes a minute to serve. It must find the 6 new items the incremental round adds.
        @Test func syncBenchmarkRunsToItsSummaryOnASmallServer() async throws {
            let bench = URL(fileURLWithPath: HeadlinesBinary.builtBesideTheTests).deletingLastPathComponent().appendingPathComponent("headlines-bench").path
            let result = try await ProcessRunner(bench, ["sync", "--articles", "60", "--rounds", "1"]).run(timeout: .seconds(300))
            #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("== summary"), "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("incremental sync of 6 new"), "\(result.stdoutText)\n\(result.stderrText)")
            #expect(!result.stdoutText.contains("FAILED"), "\(result.stdoutText)\n\(result.stderrText)")
            // FreshRSS's source is never in the repository: without --freshrss the run says so.
            #expect(result.stdoutText.contains("FreshRSS: not run (give --freshrss SRC"), "\(result.stdoutText)")
        }
    }
}
