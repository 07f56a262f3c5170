import Foundation
import Synchronization
import Testing
@testable import HeadlinesSession
import NewsCore
import TestSupport

/// The article's picture comes from the session's picture library (issue 52, point 3): fetched,
/// decoded and kept there once, its failures told apart, so a screen only shows what it hears.
@Suite("Loading a picture", .timeLimit(.minutes(1)))
struct PictureLoadingTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("pictures") }

    /// Progress as it came, in order.
    final class Heard: Sendable {
        let events = Mutex<[PictureLibrary.Progress]>([])
        func add(_ event: PictureLibrary.Progress) { events.withLock { $0.append(event) } }
    }

    @Test func aPictureIsFetchedDecodedAndKeptThenComesFromTheLibrary() async throws {
        let file = folder.url.appendingPathComponent("red.png")
        try PNGFixture.rgb([UInt8](repeating: 200, count: 4 * 3 * 3), width: 4, height: 3).encode().write(to: file)
        let library = PictureLibrary()
        let heard = Heard()
        let first = try await library.picture(file, loader: ImageLoader(), progress: heard.add)
        #expect(first.pixels.size == PixelSize(width: 4, height: 3) && first.info.width == 4)
        #expect(heard.events.withLock { $0.last } == .fetched(first.info), "told when the image is in, before it is decoded")

        try FileManager.default.removeItem(at: file)
        let again = Heard()
        let kept = try await library.picture(file, loader: ImageLoader(), progress: again.add)
        #expect(kept.pixels == first.pixels && again.events.withLock { $0.isEmpty }, "kept: neither fetched nor decoded again")
    }

    @Test func anImageThatCannotBeFetchedOrDecodedSaysWhich() async throws {
        let library = PictureLibrary()
        let missing = folder.url.appendingPathComponent("missing.png")
        await #expect {
            _ = try await library.picture(missing, loader: ImageLoader(), progress: { _ in })
        } throws: { error in
            if case .fetch = error as? PictureLibrary.Failure { true } else { false }
        }
        let broken = folder.url.appendingPathComponent("broken.png")
        try (HeaderOnlyImage.png(width: 8, height: 8) + Data(repeating: 7, count: 64)).write(to: broken)
        await #expect {
            _ = try await library.picture(broken, loader: ImageLoader(), progress: { _ in })
        } throws: { error in
            if case .decode = error as? PictureLibrary.Failure { true } else { false }
        }
    }
}
