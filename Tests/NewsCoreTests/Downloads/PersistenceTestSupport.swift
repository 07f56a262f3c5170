import Foundation
@testable import NewsCore
import TestSupport

extension TemporaryFolder {
    /// Temporary files of a save in progress (or left behind).
    func partFiles() -> [String] {
        names().filter { $0.hasPrefix(".headlines-") && $0.hasSuffix(".part") }
    }
}

/// Small but well-formed image files of each accepted type, with a pixel size in the header.
enum SaveFixtures {
    static func image(_ format: ImageFormat, width: Int = 640, height: Int = 360, size: Int = 512) -> Data {
        let header =
            switch format {
            case .png: HeaderOnlyImage.png(width: width, height: height)
            case .jpeg: HeaderOnlyImage.jpeg(width: width, height: height)
            case .gif: HeaderOnlyImage.gif(width: width, height: height)
            case .webp: HeaderOnlyImage.webp(width: width, height: height, fileSize: size)
            case .avif: HeaderOnlyImage.avif(width: width, height: height)
            }
        return HeaderOnlyImage.padded(header, to: size)
    }

    static let html = Data("<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>Sorry.</body></html>\n".utf8)
}

extension LoopbackServer {
    /// The requests that reached `path`, however many there were.
    func count(_ path: String) -> Int { requests(path: path).count }
}

/// A client that fails fast in tests instead of waiting the default 30 s.
let saveTestHTTP = HTTPClient(timeout: 10)
