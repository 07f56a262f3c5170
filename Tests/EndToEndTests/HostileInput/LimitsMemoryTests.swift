import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Size caps bound memory whatever the server sends: each hostile body is fetched in a
    /// process of its own (the benchmark binary's `limits` probe) from a server in another
    /// process sending at full speed, and its peak RSS must stay under 100 MiB. So must each
    /// image bomb's, fetched and decoded as the article screen does: a 7000×7000 progressive
    /// JPEG (it took the app from 47 to 193 MiB before its coefficients were budgeted), one
    /// just inside the budget, a 16-bit interlaced PNG and a GIF.
    @Suite struct LimitsMemory {
        @Test func hostileBodiesStayUnder100MiBOfPeakMemory() async throws {
            let bench = URL(fileURLWithPath: HeadlinesBinary.builtBesideTheTests).deletingLastPathComponent().appendingPathComponent("headlines-bench").path
            // About a minute in a debug build on a busy machine (the bombs are decoded in full).
            let result = try await ProcessRunner(bench, ["limits", "--strict", "--rounds", "1"]).run(timeout: .seconds(300))
            #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("PASS  limits"), "\(result.stdoutText)")
        }
    }
}
