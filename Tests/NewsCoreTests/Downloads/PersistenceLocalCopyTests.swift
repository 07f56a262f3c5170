import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// Images of a local edition (file URLs) are copied by the same rules as downloads.
@Suite struct PersistenceLocalCopyTests {
    let folder: TemporaryFolder
    let edition: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        edition = try TemporaryFolder("edition")
    }

    func persistence(sizeLimit: Int = ImageLoader.defaultSizeLimit) -> Persistence {
        Persistence(folder: folder.url, http: saveTestHTTP, sizeLimit: sizeLimit)
    }

    @Test(arguments: ImageFormat.allCases)
    func localImageIsCopied(_ format: ImageFormat) async throws {
        let bytes = SaveFixtures.image(format, size: 3000)
        // The source's own extension says nothing: the bytes decide.
        let source = try edition.write(bytes, to: "picture.bin")
        let request = SaveRequest(imageURL: source, title: "Local ../ edition")
        let progress = ProgressLog()

        let saved = try await persistence().save(request, progress: progress.callback)

        #expect(saved.format == format)
        #expect(saved.file.lastPathComponent == SafeFileName.name(title: request.title, imageURL: source, format: format))
        #expect(saved.byteCount == 3000)
        #expect(try Data(contentsOf: saved.file) == bytes)
        #expect(try Data(contentsOf: source) == bytes, "the source is untouched")
        #expect(folder.names() == [saved.file.lastPathComponent])
        #expect(progress.reports.last == TransferProgress(received: 3000, expected: 3000))
    }

    @Test func largeLocalImageIsCopiedWhole() async throws {
        let bytes = ScriptedResponse.generatedBytes(prefix: Data(SaveFixtures.image(.jpeg, size: 64)), count: 3_000_000)
        let source = try edition.write(bytes, to: "big.jpg")
        let progress = ProgressLog()

        let saved = try await persistence().save(SaveRequest(imageURL: source, title: "Big"), progress: progress.callback)

        #expect(saved.format == .jpeg)
        #expect(try Data(contentsOf: saved.file) == bytes)
        let reports = progress.reports
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.received <= $1.received })
        #expect(reports.last == TransferProgress(received: 3_000_000, expected: 3_000_000))
    }

    /// The same limit as for downloads: at most once per percent and 30 a second.
    @Test(.bug(id: "save-local-progress-unthrottled", "local copies report progress for every 256 KiB read"))
    func localCopyProgressIsThrottledLikeDownloads() async throws {
        let bytes = ScriptedResponse.generatedBytes(prefix: HeaderOnlyImage.pngSignature, count: 8_000_000)
        let source = try edition.write(bytes, to: "big.png")
        let progress = ProgressLog()

        let start = ContinuousClock.now
        _ = try await persistence().save(SaveRequest(imageURL: source, title: "Big"), progress: progress.callback)
        let elapsed = ContinuousClock.now - start

        let reports = progress.reports
        #expect(reports.count <= 2 + Int(elapsed / .milliseconds(33)), "\(reports.count) reports in \(elapsed)")
        if let gap = progress.shortestGapBeforeTheLast {
            #expect(gap >= .milliseconds(10), "two reports \(gap) apart")  // 33 ms apart when taken; a late callback narrows that
        }
        #expect(reports.last == TransferProgress(received: 8_000_000, expected: 8_000_000))
    }

    @Test func localNonImageIsRefused() async throws {
        let source = try edition.write(SaveFixtures.html, to: "photo.png")
        let error = await #expect(throws: SaveError.self) {
            try await persistence().save(SaveRequest(imageURL: source, title: "Fake"))
        }
        guard case .notAnImage? = error else {
            Issue.record("expected notAnImage, got \(String(describing: error))")
            return
        }
        #expect(try #require(error).reason.hasPrefix("not an image"))
        #expect(folder.names().isEmpty, "no file and no temporary file")
    }

    @Test func localImageOverTheCapIsRefused() async throws {
        let source = try edition.write(SaveFixtures.image(.png, size: 5000), to: "big.png")
        await #expect(throws: SaveError.tooLarge(limit: 1000)) {
            try await persistence(sizeLimit: 1000).save(SaveRequest(imageURL: source, title: "Big"))
        }
        #expect(folder.names().isEmpty)
    }

    @Test func missingLocalFileIsACleanError() async throws {
        let source = edition.file("gone.png")
        let error = await #expect(throws: SaveError.self) {
            try await persistence().save(SaveRequest(imageURL: source, title: "Gone"))
        }
        guard case .network(.file(let path, _))? = error else {
            Issue.record("expected a file error, got \(String(describing: error))")
            return
        }
        #expect(path == source.path)
        #expect(folder.names().isEmpty)
    }

    @Test func localImageAlreadySavedIsReported() async throws {
        let source = try edition.write(SaveFixtures.image(.avif), to: "a.avif")
        let request = SaveRequest(imageURL: source, title: "Again")
        let first = try await persistence().save(request)
        try FileManager.default.removeItem(at: source)  // proof that nothing is read the second time

        let again = try await persistence().save(request)

        #expect(again.alreadySaved)
        #expect(again.file == first.file)
    }
}
