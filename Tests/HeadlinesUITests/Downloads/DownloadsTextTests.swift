import Foundation
import Testing
import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesSession
@testable import HeadlinesUI

/// The downloads' words: a refusal that starts no transfer, and paths shown from `~`.
@Suite("Downloads text")
@MainActor
struct DownloadsTextTests {
    /// Where the center would save (nothing is written there: no transfer starts).
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("ui-downloads") }

    func center() -> DownloadCenter { DownloadCenter(persistence: Persistence(folder: folder.url)) }

    @Test("an article without an image is refused at once")
    func noImage() {
        let center = center()
        let start = center.save(Fixtures.article(0))
        #expect(start == .noImage)
        #expect(DownloadsText.refusal(start) == Notice("This article has no image.", kind: .error))
        #expect(center.items.isEmpty)
        #expect(center.saveAll(Fixtures.articles(5).map { ($0, nil) }) == .noImages)
        #expect(DownloadsText.refusal(.noImages) == Notice("No images to save."))
        #expect(center.items.isEmpty)
        #expect(DownloadsText.summary(center) == nil)
        #expect(center.activeCount == 0 && center.savedCount == 0)
    }

    @Test(
        "saved paths under the home folder are shown from ~",
        arguments: [
            ("/home/ada", "/home/ada/Pictures/Headlines/x.png", "~/Pictures/Headlines/x.png"),
            ("/home/ada", "/home/adam/x.png", "/home/adam/x.png"),
            ("/home/ada", "/tmp/x.png", "/tmp/x.png"),
            ("/", "/tmp/x.png", "/tmp/x.png"),
            ("", "/tmp/x.png", "/tmp/x.png"),
        ])
    func displayPath(_ home: String, _ path: String, _ shown: String) {
        #expect(DownloadsText.displayPath(URL(fileURLWithPath: path), home: home) == shown)
    }

    @Test("without a home folder paths are shown whole")
    func noHome() {
        #expect(DownloadsText.displayPath(URL(fileURLWithPath: "/home/ada/x.png"), home: nil) == "/home/ada/x.png")
    }
}
