import Foundation
import HeadlinesSession
import NewsCore
import Testing
import TestSupport
@testable import headlines
import HeadlinesKeys

extension EndToEnd {
    /// The man page and the completions under Resources/ are what the option, key and config
    /// tables generate (as the README's key table is kept), and each renders or parses cleanly.
    @Suite struct GeneratedDocumentation {
        static let files = [
            ("man", "Resources/man/headlines.1"), ("bash", "Resources/completions/headlines.bash"),
            ("zsh", "Resources/completions/_headlines"), ("fish", "Resources/completions/headlines.fish"),
        ]

        @Test(arguments: files)
        func theCommittedFileIsWhatTheTablesGenerate(format: String, path: String) async throws {
            let generated = try await ProcessRunner(HeadlinesBinary.path, ["--generate", format]).run()
            #expect(generated.status == 0, "\(generated.stderrText)")
            let committed = try String(contentsOf: Checkout.file(path), encoding: .utf8)
            #expect(committed == generated.stdoutText, "\(path) differs from `headlines --generate \(format)`: run `make docs`")
        }

        /// Every option `--help` lists is one the parser takes (with a value when it shows a
        /// placeholder), so the table the documents come from reads `--help` right.
        @Test func everyOptionReadFromHelpIsOneTheParserTakes() throws {
            let options = UsageTable.current.options
            #expect(options.count >= 20)
            for option in options {
                for name in [option.short, option.long].compactMap({ $0 }) {
                    let value: String? =
                        switch option.values {
                        case .none: nil
                        case .oneOf(let values): values.first
                        default: "1"
                        }
                    var arguments = [name] + (value.map { [$0] } ?? [])
                    if name == "--everything" { arguments += ["--query", "x"] }
                    if name == "--json" || name == "--offline" || name == "--unread" || name == "--strict" { arguments += ["--print"] }
                    if name == "--name" || name == "--group" || name == "--server" { arguments += ["--add", "https://example.com/feed.xml"] }
                    if name == "--limit" { arguments += ["--search", "x"] }
                    if name == "--quiet" { arguments += ["--refresh"] }
                    #expect(throws: Never.self, "\(arguments)") { try CommandLineOptions.parse(arguments) }
                }
            }
            #expect(options.first { $0.long == "--config" }?.values == .file)
            #expect(options.first { $0.long == "--save-dir" }?.values == .directory)
            #expect(options.first { $0.long == "--import-opml" }?.placeholder == "FILE")
            #expect(options.first { $0.long == "--log-level" }?.values == .oneOf(["error", "info", "debug"]))
            #expect(UsageTable.current.environment.map(\.name).contains("NEWSAPI_KEY"))
            #expect(UsageTable.current.exitStatuses.map(\.status) == ["0", "1", "2"])
        }

        /// The man page has its sections, and names every option, action and setting.
        @Test func theManPageCoversEveryOptionKeyAndSetting() throws {
            let page = try String(contentsOf: Checkout.file("Resources/man/headlines.1"), encoding: .utf8)
            for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "CONFIGURATION", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
                #expect(page.contains("\n.SH \(section)\n"), "no section \(section)")
            }
            func roff(_ name: String) -> String { name.replacing("-", with: "\\-") }
            for option in UsageTable.current.options { #expect(page.contains("\\fB\(roff(option.long))\\fR"), "\(option.long)") }
            for action in Action.allCases { #expect(page.contains("\\fI\(roff(action.rawValue))\\fR"), "\(action)") }
            for entry in ConfigDocumentation.settings + ConfigDocumentation.sourceSettings + ConfigDocumentation.serverSettings {
                for name in entry.names { #expect(page.contains("\\fB\(roff(name))\\fR"), "\(name)") }
            }
        }

        @Test(.enabled(if: ProcessRunner.find("groff") != nil, "needs groff (groff-base)"))
        func groffRendersTheManPageWithoutAWarning() async throws {
            let result = try await ProcessRunner("groff", ["-man", "-ww", "-z", Checkout.file("Resources/man/headlines.1").path]).run()
            #expect(result.status == 0)
            #expect(result.stderrText.isEmpty, "\(result.stderrText)")
        }

        @Test func bashReadsTheCompletionScript() async throws {
            let result = try await ProcessRunner("bash", ["-n", Checkout.file("Resources/completions/headlines.bash").path]).run()
            #expect(result.status == 0, "\(result.stderrText)")
        }

        @Test(.enabled(if: ProcessRunner.find("zsh") != nil, "needs zsh"))
        func zshReadsTheCompletionScript() async throws {
            let result = try await ProcessRunner("zsh", ["-n", Checkout.file("Resources/completions/_headlines").path]).run()
            #expect(result.status == 0, "\(result.stderrText)")
        }

        @Test(.enabled(if: ProcessRunner.find("fish") != nil, "needs fish"))
        func fishCompletesFromTheScript() async throws {
            let script = Checkout.file("Resources/completions/headlines.fish").path
            let syntax = try await ProcessRunner("fish", ["-n", script]).run()
            #expect(syntax.status == 0, "\(syntax.stderrText)")
            let levels = try await fish(script, "headlines --log-level ")
            #expect(levels == ["debug", "error", "info"])
            let options = try await fish(script, "headlines --exp")
            #expect(options == ["--export-opml"])
        }

        /// fish's own answer to `complete -C LINE`, the candidates only, sorted.
        private func fish(_ script: String, _ line: String) async throws -> [String] {
            let home = try TemporaryFolder("fish-home")
            let result = try await ProcessRunner(
                "fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line],
                extraEnvironment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_DATA_HOME": home.path]
            ).run()
            #expect(result.status == 0, "\(result.stderrText)")
            return result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        }
    }
}
