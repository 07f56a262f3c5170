import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Size caps bound memory whatever the server sends: each hostile body is fetched in a
    /// process of its own (the benchmark binary's `limits` probe) from a server in another
    /// process sending at full speed, and its peak RSS must stay under 100 MiB.
    @Suite struct LimitsMemory {
        @Test func hostileBodiesStayUnder100MiBOfPeakMemory() async throws {
            let bench = URL(fileURLWithPath: HeadlinesBinary.path).deletingLastPathComponent().appendingPathComponent("headlines-bench").path
            let result = try await ProcessRunner(bench, ["limits", "--strict", "--rounds", "1"]).run(timeout: .seconds(120))
            #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("PASS  limits"), "\(result.stdoutText)")
        }
    }
}
