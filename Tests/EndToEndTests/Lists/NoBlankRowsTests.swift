import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 30's measure: `headlines --print` prints no blank row (an article with no title) for
    /// any feed of the public corpora nobody here wrote (feedparser's, newsboat's, gofeed's,
    /// rome's, miniflux's and RSParser's test feeds). They are never committed:
    /// `HEADLINES_FEED_CORPORA` names their folders, separated by colons; without it the test is
    /// skipped, saying so. Our own cases are `ArticlesWithoutLinksTests`.
    @Suite struct NoBlankRows {
        static let variable = "HEADLINES_FEED_CORPORA"
        static let extensions: Set<String> = ["xml", "rss", "atom", "rdf", "json"]

        static var folders: [URL] {
            (ProcessInfo.processInfo.environment[variable] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }

        static func feeds(in folder: URL) -> [URL] {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            return (walker?.allObjects as? [URL] ?? []).filter { extensions.contains($0.pathExtension.lowercased()) }.sorted { $0.path < $1.path }
        }

        @Test(.enabled(if: !folders.isEmpty, "HEADLINES_FEED_CORPORA names no corpus folders: no public feeds to print"))
        func noFeedOfTheCorporaPrintsABlankRow() async throws {
            let home = try TemporaryFolder("no-blank-rows")
            for folder in Self.folders {
                let files = Self.feeds(in: folder)
                #expect(!files.isEmpty, "\(folder.path) holds no feed files")
                var blank: [String] = []
                for file in files {
                    let result = try await ProcessRunner(
                        HeadlinesBinary.path, ["--print", "--json", "--source", file.path],
                        environment: ["HOME": home.path, "TZ": "UTC", "LANG": "C.UTF-8", "NEWSAPI_KEY": "", "PATH": "/usr/bin:/bin"]
                    ).run(timeout: .seconds(60))
                    for line in result.stdoutText.split(separator: "\n") {
                        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
                        let title = (object["title"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                        if title.isEmpty { blank.append(file.path) }
                    }
                }
                #expect(blank.isEmpty, "\(blank.count) blank rows in \(folder.path): \(blank.prefix(20).joined(separator: ", "))")
            }
        }
    }
}
