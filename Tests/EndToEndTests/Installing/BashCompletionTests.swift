import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The bash completion, run as bash runs it: the script sourced, COMP_WORDS and COMP_CWORD
    /// set to a command line being typed, `_headlines` called, COMPREPLY read back.
    @Suite struct BashCompletion {
        let folder: TemporaryFolder

        init() throws {
            folder = try TemporaryFolder("completion")
            try folder.write(Data(), to: "feeds.opml")
            try folder.write(Data(), to: "feeds.conf")
            try FileManager.default.createDirectory(at: folder.file("feeds-saved"), withIntermediateDirectories: false)
        }

        /// The candidates for the last of `words` (the word being typed), sorted.
        private func complete(_ words: [String]) async throws -> [String] {
            let script = #"source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _headlines; printf '%s\n' "${COMPREPLY[@]}""#
            let result = try await ProcessRunner(
                "bash", ["--norc", "--noprofile", "-c", script, Checkout.file("Resources/completions/headlines.bash").path] + words,
                currentDirectory: folder.path
            ).run()
            #expect(result.status == 0, "\(result.stderrText)")
            return result.stdoutText.split(separator: "\n").map(String.init).sorted()
        }

        @Test func optionsCompleteByTheirStart() async throws {
            #expect(try await complete(["headlines", "--log"]) == ["--log", "--log-level"])
            #expect(try await complete(["headlines", "--e"]) == ["--everything", "--export-opml"])
            #expect(try await complete(["headlines", "-"]).contains("-p"))
        }

        @Test func fixedSetsCompleteTheirValues() async throws {
            #expect(try await complete(["headlines", "--log-level", ""]) == ["debug", "error", "info"])
            #expect(try await complete(["headlines", "--log-level", "=", "d"]) == ["debug"])  // --log-level=d
            #expect(try await complete(["headlines", "--category", "s"]) == ["science", "sports"])
            #expect(try await complete(["headlines", "--country", "g"]) == ["gb", "gr"])
        }

        @Test func filesAndFoldersCompleteWhereAnOptionTakesOne() async throws {
            #expect(try await complete(["headlines", "--import-opml", "feeds"]) == ["feeds-saved", "feeds.conf", "feeds.opml"])
            #expect(try await complete(["headlines", "--config", "feeds.c"]) == ["feeds.conf"])
            #expect(try await complete(["headlines", "--save-dir", "feeds"]) == ["feeds-saved"])
            #expect(try await complete(["headlines", "--query", ""]).isEmpty)  // free text
        }
    }
}
