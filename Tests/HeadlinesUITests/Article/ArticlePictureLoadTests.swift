import Foundation
import Testing
@testable import HeadlinesUI
@testable import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesSession

/// The article screen fetching and decoding its picture for real (from a file, as the demo
/// edition's images are), keeping it for the session, and saying why when it cannot.
@Suite("Article picture loading", .timeLimit(.minutes(1)))
@MainActor
struct ArticlePictureLoadTests {
    static func article(image: URL) -> Article {
        Article(sourceName: "Pictures", title: "With a picture", url: URL(string: "https://news.example/p")!, imageURL: image)
    }

    static func services(_ host: TestHost, depth: PictureColourDepth = .trueColour) async throws -> AppServices {
        let services = try await host.services(ScriptedSource([.success(Edition(articles: []))]))
        services.pictureDepth = depth
        services.settings.pictureHeight = 50  // half the screen: the cells below are worked out for it
        return services
    }

    @Test func aPictureIsDecodedKeptAndShownAgainWithoutFetching() async throws {
        let folder = try TemporaryFolder("article-picture")
        let file = folder.url.appendingPathComponent("halves.png")
        let pixels = SyntheticImage.halves(width: 64, height: 36, left: [200, 30, 30], right: [30, 30, 200])
        try PNGFixture.rgb(pixels, width: 64, height: 36).encode().write(to: file)
        let host = try TestHost(isRoot: false)
        let services = try await Self.services(host)

        let first = ArticleScreen(article: Self.article(image: file), services: services)
        first.didAppear(host.context)
        #expect(await eventually { if case .decoded = first.state.picture { return true } else { return false } })
        guard case .decoded(let decoded, let header) = first.state.picture else { return }
        #expect(decoded.size == PixelSize(width: 64, height: 36) && header == PixelSize(width: 64, height: 36))
        #expect(first.state.image == .loaded(ImageInfo(format: .png, width: 64, height: 36, byteCount: try Data(contentsOf: file).count)))
        var canvas = Canvas(width: 80, height: 24)
        first.render(into: &canvas)
        // 64 × 36 pixels in 76 × 12 cells: 43 × 24 pixels, 43 × 12 cells, centred.
        let x = 2 + (76 - 43) / 2
        #expect(canvas[x, 5].style == Style(foreground: .rgb(RGB(200, 30, 30)), background: .rgb(RGB(200, 30, 30))))
        #expect(canvas[x + 42, 16].style == Style(foreground: .rgb(RGB(30, 30, 200)), background: .rgb(RGB(30, 30, 200))))
        host.context.scope.close()

        // Back to the article later: the file is gone, the picture is not.
        try FileManager.default.removeItem(at: file)
        let again = ArticleScreen(article: Self.article(image: file), services: services)
        again.didAppear(try TestHost(isRoot: false).context)
        #expect(await eventually { if case .decoded = again.state.picture { return true } else { return false } })
        #expect(again.state.picture == first.state.picture)
        #expect(again.state.image == first.state.image)
    }

    @Test func aDamagedImageSaysWhyInThePicturesPlace() async throws {
        let folder = try TemporaryFolder("article-picture")
        let file = folder.url.appendingPathComponent("cut.jpg")
        let jpeg = try JPEGFixture(width: 64, height: 48, pixels: SyntheticImage.gradient(width: 64, height: 48)).encode()
        try jpeg.prefix(jpeg.count / 3).write(to: file)
        let host = try TestHost(isRoot: false)
        let screen = ArticleScreen(article: Self.article(image: file), services: try await Self.services(host))
        screen.didAppear(host.context)
        #expect(await eventually { if case .unavailable = screen.state.picture { return true } else { return false } })
        var canvas = Canvas(width: 80, height: 24)
        screen.render(into: &canvas)
        #expect(canvas.line(5).hasPrefix("  The image is damaged ("))
        #expect(canvas.line(22).hasPrefix("  Image: JPEG, 64×48"))
    }

    @Test func closingTheScreenCancelsTheDecodeAndKeepsNothing() async throws {
        let folder = try TemporaryFolder("article-picture")
        let file = folder.url.appendingPathComponent("photo.jpg")
        try JPEGFixture(width: 1600, height: 1200, pixels: SyntheticImage.photo(width: 1600, height: 1200)).encode().write(to: file)
        let host = try TestHost(isRoot: false)
        let services = try await Self.services(host)
        let screen = ArticleScreen(article: Self.article(image: file), services: services)
        screen.didAppear(host.context)
        host.context.scope.close()
        await host.context.scope.drain(timeout: .seconds(10))
        if case .pending = screen.state.picture {} else { Issue.record("a closed screen's picture changed: \(screen.state.picture)") }
        #expect(await services.pictures.previews.count == 0)
    }
}
