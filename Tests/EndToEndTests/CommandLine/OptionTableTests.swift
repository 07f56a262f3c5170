import Foundation
import Testing
@testable import headlines

/// The option table drives the parser, `--help`, the man page and the completions; the rules
/// say what goes with what; the options name one command (issue 52, point 5).
@Suite("Option table")
struct OptionTableTests {
    @Test(arguments: [
        (["--limit", "3"], "--limit goes with --search."),
        (["--unread"], "--offline and --unread go with --print."),
        (["--name", "x"], "--name and --group go with --add."),
        (["--strict"], "--strict goes with --print or --refresh."),
        (["--everything"], "--everything needs --query."),
        (["--demo", "--source", "x"], "Choose either --demo or --source, not both."),
        (["--refresh", "-p"], "--refresh goes alone: run --print after it."),
        (["--export-opml", "--add", "https://a.example/"], "Choose one of --add, --import-opml, --import-newsboat and --export-opml."),
        (["--source"], "--source needs a value."),
        (["--frobnicate"], "Unknown option “--frobnicate”."),
    ])
    func aBrokenRuleIsOneSentence(arguments: [String], sentence: String) {
        #expect(throws: CommandLineOptions.UsageError(message: sentence)) { try CommandLineOptions.parse(arguments) }
    }

    @Test(arguments: [
        ([String](), Command.interface),
        (["--search", "x", "--limit", "2"], .printFromCache),
        (["-p", "--offline"], .printFromCache),
        (["-p", "--json"], .print),
        (["--import-newsboat"], .importNewsboat(nil)),
        (["--import-newsboat", "urls", "--verbose"], .importNewsboat("urls")),
        (["--refused-marks=drop"], .refusedMarks(.drop)),
        (["--refresh", "--quiet"], .refresh),
        (["--generate", "man"], .generate(.man)),
    ])
    func theOptionsNameOneCommand(arguments: [String], command: Command) throws {
        #expect(try CommandLineOptions.parse(arguments).command == command)
    }

    /// Every option of the table is in `--help`, at its column, and in the man page's table.
    @Test func helpListsEveryOptionOfTheTable() {
        for option in OptionTable.all {
            let name = (option.short.map { $0 + ", " } ?? "    ") + option.long
            #expect(HelpText.usage.contains("  " + name), "\(option.long)")
            #expect(UsageTable.current.options.contains { $0.long == option.long && $0.summary == option.help.joined(separator: " ") })
        }
        #expect(!HelpText.usage.contains("--generate"), "how the documents are made stays out of --help")
    }
}
