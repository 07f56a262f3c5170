import Foundation
import NewsCore
import Testing
import TestSupport

/// What `make install` puts under a prefix, and how the tests check an installed binary.
enum InstalledFiles {
    /// The files, relative to the prefix (`bin/headlines`, `share/headlines/demo/...`): the
    /// Debian package has zsh's vendor folder and a compressed man page.
    static func expected(zshFolder: String = "share/zsh/site-functions", manPage: String = "share/man/man1/headlines.1") -> [String] {
        let demo = Checkout.file("Resources/demo")
        let enumerator = FileManager.default.enumerator(at: demo, includingPropertiesForKeys: [.isRegularFileKey])
        var files = [
            "bin/headlines", manPage, "share/bash-completion/completions/headlines", zshFolder + "/_headlines",
            "share/fish/vendor_completions.d/headlines.fish",
        ]
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }  // folders
            files.append("share/headlines/demo/" + url.path.dropFirst(demo.path.count + 1))
        }
        return files.sorted()
    }

    /// Every regular file and link under `root`, relative to it, sorted.
    static func all(under root: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            let type = (enumerator?.fileAttributes?[.type] as? FileAttributeType)
            if type != .typeDirectory { files.append(path) }
        }
        return files.sorted()
    }

    /// Runs an installed `headlines` from a private home: `--version`, then `--demo --print`
    /// after changing the installed demo's first title, which shows the binary read the demo
    /// installed beside it (PREFIX/share/headlines/demo), not the checkout's.
    static func checkRuns(prefix: URL) async throws {
        let binary = prefix.appendingPathComponent("bin/headlines").path
        let home = try TemporaryFolder("installed-home")
        let environment = HeadlinesBinary.environment(home: home.url)
        let version = try await ProcessRunner(binary, ["--version"], environment: environment).run(timeout: .seconds(30))
        #expect(version.status == 0)
        #expect(version.stdoutText == "headlines \(HeadlinesVersion.string)\n")

        let document = prefix.appendingPathComponent("share/headlines/demo/headlines.json")
        let text = try String(contentsOf: document, encoding: .utf8)
        let first = try #require(text.firstRange(of: "\"title\": \""))
        try (text[..<first.upperBound] + "Installed copy: " + text[first.upperBound...]).write(to: document, atomically: true, encoding: .utf8)
        let printed = try await ProcessRunner(binary, ["--demo", "--print"], environment: environment).run(timeout: .seconds(30))
        #expect(printed.status == 0, "\(printed.stderrText)")
        #expect(printed.stdoutText.contains("\tInstalled copy: "), "\(printed.stdoutText.prefix(300))")
        #expect(printed.stdoutText.split(separator: "\n").count >= 30)
    }
}
