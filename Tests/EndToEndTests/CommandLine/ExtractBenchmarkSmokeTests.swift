import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The `extract` benchmark runs to its summary on our own pages when no data set is given,
    /// and says plainly that a folder given is not the data set (the article-extraction
    /// benchmark's pages are brought by hand and never committed).
    @Suite struct ExtractBenchmarkSmoke {
        static var bench: String {
            URL(fileURLWithPath: HeadlinesBinary.builtBesideTheTests).deletingLastPathComponent().appendingPathComponent("headlines-bench").path
        }

        @Test func withoutADataSetItScoresOurOwnPagesAndSaysWhatIsMissing() async throws {
            let result = try await ProcessRunner(Self.bench, ["extract", "--swift-only", "--rounds", "1"]).run(timeout: .seconds(120))
            #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("no --dataset DIR"), "\(result.stdoutText)")
            #expect(result.stdoutText.contains("own pages"), "\(result.stdoutText)")
            #expect(result.stdoutText.contains("== summary"), "\(result.stdoutText)")
        }

        @Test func aFolderThatIsNotTheDataSetIsNamedInOneSentence() async throws {
            let folder = try TemporaryFolder("extract-smoke")
            defer { folder.remove() }
            let result = try await ProcessRunner(Self.bench, ["extract", "--swift-only", "--dataset", folder.url.path]).run(timeout: .seconds(120))
            #expect(result.status == 1, "\(result.stdoutText)\n\(result.stderrText)")
            #expect(result.stdoutText.contains("is not the article-extraction benchmark's folder"), "\(result.stdoutText)")
        }
    }
}
