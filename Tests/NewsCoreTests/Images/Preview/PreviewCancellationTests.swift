import Foundation
@testable import NewsCore
import TestSupport
import Testing

/// A cancelled task stops decoding: at the start, between rows, and inside libjpeg's long steps.
@Suite struct PreviewCancellationTests {
    /// Runs `body` in a task that has cancelled itself first (deterministic: no race with a start).
    func inCancelledTask(_ body: @escaping @Sendable () -> PreviewError?) async -> PreviewError? {
        await Task.detached {
            withUnsafeCurrentTask { $0?.cancel() }
            return body()
        }.value
    }

    static func reading(_ data: Data, with reader: @escaping (UnsafeRawBufferPointer, PreviewRequest) throws(PreviewError) -> RGBImage) -> PreviewError? {
        let request = PreviewRequest(box: PixelSize(width: 10, height: 10), background: .black, budget: .default)
        let result: Result<RGBImage, PreviewError> = data.withUnsafeBytes { bytes in Result { () throws(PreviewError) in try reader(bytes, request) } }
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func theDecoderChecksBeforeStarting() async throws {
        let data = try HostileFixtures.png()
        #expect(await inCancelledTask { PreviewTesting.error(data) } == .cancelled)
    }

    @Test func thePNGReaderStopsBetweenRows() async throws {
        let data = try HostileFixtures.png()
        #expect(await inCancelledTask { Self.reading(data, with: PNGPreviewReader.decode) } == .cancelled)
    }

    @Test(arguments: [false, true])
    func theJPEGReaderStops(_ progressive: Bool) async throws {
        // Progressive files are read whole inside jpeg_start_decompress: libjpeg's progress hook stops it.
        let data = try HostileFixtures.jpeg(progressive: progressive)
        #expect(await inCancelledTask { Self.reading(data, with: JPEGPreviewReader.decode) } == .cancelled)
    }

    @Test func theGIFReaderStopsBetweenRows() async throws {
        let data = HostileFixtures.gif()
        #expect(await inCancelledTask { Self.reading(data, with: GIFPreviewReader.decode) } == .cancelled)
    }

    @Test func anUncancelledTaskDecodes() async throws {
        let data = try HostileFixtures.jpeg(progressive: true)
        #expect(await Task.detached { PreviewTesting.error(data) }.value == nil)
    }
}
