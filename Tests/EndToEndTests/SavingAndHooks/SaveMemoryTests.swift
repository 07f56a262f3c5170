import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Memory stays flat while a large image saves: measured in a process of its own (the
    /// benchmark binary, with the image server in a child process), since the test runner's
    /// own memory moves with every other test.
    @Suite struct SaveMemory {
        @Test func savingA30MBImageGrowsPeakMemoryBy16MiBAtMost() async throws {
            let bench = URL(fileURLWithPath: HeadlinesBinary.builtBesideTheTests).deletingLastPathComponent().appendingPathComponent("headlines-bench").path
            let result = try await ProcessRunner(bench, ["save-memory", "--strict"]).run(timeout: .seconds(60))
            #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("PASS  save-memory"), "\(result.stdoutText)")
        }
    }
}
