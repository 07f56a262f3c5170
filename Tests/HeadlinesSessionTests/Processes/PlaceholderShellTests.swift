import Foundation
import Testing
import NewsCore
import TestSupport
@testable import HeadlinesSession

/// A feed's link put inside a shell's script by `%u` (the config's `browser`) or `%f` (`player`,
/// a download named from the enclosure's link) runs nothing; `$BROWSER`'s `%s` is encoded as
/// `%u` is (a `$BROWSER` is split at spaces, so it holds no shell script to run here): each shell line
/// is run by a real `/bin/sh` (issue 50, point 8: `browser = sh -c "echo '%u' >> FILE"` ran
/// `touch` from a link `http://127.0.0.1:9/a';touch$IFS$HOME/pwned;'`).
@Suite("Placeholders in a shell's script")
struct PlaceholderShellTests {
    static let hostileLinks = [
        "http://127.0.0.1:9/a';touch$IFS$PWNED;'",
        "http://127.0.0.1:9/a\";touch$IFS$PWNED;\"",
        "http://127.0.0.1:9/a$(touch$IFS$PWNED)",
        "http://127.0.0.1:9/a`touch$IFS$PWNED`",
        "http://127.0.0.1:9/a?x=1&touch$IFS$PWNED&y=2",
        "http://127.0.0.1:9/a|touch$IFS$PWNED",
        "http://127.0.0.1:9/a(b)!c*d;e",
    ]
    /// The same line with the placeholder unquoted, in single and in double quotes.
    static let scripts = ["echo %@ >> \"$OUT\"", "echo '%@' >> \"$OUT\"", "echo \"%@\" >> \"$OUT\""]

    /// Runs `words` (`/bin/sh -c SCRIPT`) and returns what it wrote; fails if the marker file appeared.
    private func run(_ words: [String], in folder: TemporaryFolder) async throws -> String {
        let out = folder.file("out")
        let pwned = folder.file("pwned")
        let result = try await ProcessRunner(
            words[0], Array(words.dropFirst()), environment: ["PATH": "/usr/bin:/bin", "OUT": out.path, "PWNED": pwned.path]
        ).run(timeout: .seconds(10))
        #expect(!FileManager.default.fileExists(atPath: pwned.path), "\(words) ran a command of the link's")
        _ = result
        return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    }

    @Test(arguments: hostileLinks)
    func aLinkInsideTheBrowsersScriptRunsNothing(_ link: String) async throws {
        let url = try #require(URL(string: link) ?? URL(string: link.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""))
        let folder = try TemporaryFolder("placeholder")
        for script in Self.scripts {
            let configured = ["/bin/sh", "-c", script.replacingOccurrences(of: "%@", with: "%u")]
            let command = BrowserCommand.resolve(for: url, environment: [:], configured: configured)
            let written = try await run(command.arguments, in: folder)
            #expect(written.hasSuffix(CommandPlaceholder.shellSafeLink(url.absoluteString) + "\n"), "\(script): \(written)")
        }
    }

    /// The link alone as a word is still the link, unencoded: no shell reads it.
    @Test func aLinkAloneInItsWordIsUnchanged() throws {
        let url = try #require(URL(string: "https://e.example/a?x=1&y='2'"))
        #expect(BrowserCommand.resolve(for: url, environment: [:], configured: ["firefox", "%u"]).arguments == ["firefox", url.absoluteString])
        #expect(BrowserCommand.resolve(for: url, environment: ["BROWSER": "w3m %s"]).arguments == ["w3m", url.absoluteString])
        // $BROWSER's %s inside a longer word is encoded as %u is.
        #expect(
            BrowserCommand.resolve(for: url, environment: ["BROWSER": "links --url=%s"]).arguments
                == ["links", "--url=https://e.example/a?x=1%26y=%272%27"])
        #expect(
            BrowserCommand.resolve(for: url, environment: [:], configured: ["links", "--url=%u"]).arguments
                == ["links", "--url=https://e.example/a?x=1%26y=%272%27"])
    }

    /// A download is named from its link folded to plain characters: `%f` in a shell's script is safe.
    @Test(arguments: hostileLinks)
    func aDownloadNamedFromAHostileLinkRunsNothingInThePlayersScript(_ link: String) async throws {
        let url = try #require(URL(string: link + ".mp3") ?? URL(string: "http://127.0.0.1:9/x.mp3"))
        let folder = try TemporaryFolder("placeholder")
        let file = folder.url.appendingPathComponent(PodcastFolder.folderName("The $(Show);'")).appendingPathComponent(PodcastFolder.fileName(url))
        for script in Self.scripts {
            let words = PlayerCommand.arguments(["/bin/sh", "-c", script.replacingOccurrences(of: "%@", with: "%f")], file: file)
            let written = try await run(words, in: folder)
            #expect(!written.isEmpty, "\(script)")
        }
    }
}
