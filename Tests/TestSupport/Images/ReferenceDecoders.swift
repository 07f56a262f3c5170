import Foundation

/// Decoders no one here wrote, to check the terminal's picture encoders against: libsixel's
/// `sixel2png` (Debian's libsixel-bin) and netpbm's `pngtopnm`. `make test` installs both.
public enum ReferenceDecoders {
    /// 8-bit RGB pixels as a decoder gave them.
    public struct Pixmap: Equatable, Sendable {
        public let width: Int
        public let height: Int
        /// `width * height * 3` bytes, rows top to bottom.
        public let pixels: [UInt8]

        public init(width: Int, height: Int, pixels: [UInt8]) {
            self.width = width
            self.height = height
            self.pixels = pixels
        }

        public subscript(x: Int, y: Int) -> [UInt8] {
            let index = (y * width + x) * 3
            return Array(pixels[index..<(index + 3)])
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A DCS sixel string decoded by libsixel into a PNG, then read by netpbm.
    public static func sixel(_ bytes: [UInt8]) async throws -> Pixmap {
        let folder = try TemporaryFolder("sixel")
        let input = try folder.write(Data(bytes), to: "picture.six")
        let output = folder.file("picture.png")
        try await run("sixel2png", ["-i", input.path, "-o", output.path])
        return try await png(try Data(contentsOf: output))
    }

    /// A PNG read by netpbm's `pngtopnm` (which writes a binary PPM).
    public static func png(_ data: Data) async throws -> Pixmap {
        let folder = try TemporaryFolder("png")
        let input = try folder.write(data, to: "picture.png")
        return try portablePixmap(try await run("pngtopnm", [input.path]))
    }

    /// A binary PPM (`P6`, maxval 255): netpbm's output, and `xwdtopnm`'s screenshots.
    public static func portablePixmap(_ data: Data) throws -> Pixmap {
        let bytes = [UInt8](data)
        var index = 0
        func field() throws -> Int? {
            // Blanks and comments between the header's fields.
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        guard bytes.starts(with: Array("P6".utf8)) else { throw Failure(description: "not a binary PPM (P6)") }
        index = 2
        guard let width = try field(), let height = try field(), let maxValue = try field(), maxValue == 255 else {
            throw Failure(description: "a PPM header this reader does not take")
        }
        index += 1  // the one blank after maxval
        guard bytes.count - index >= width * height * 3 else { throw Failure(description: "a PPM cut short") }
        return Pixmap(width: width, height: height, pixels: Array(bytes[index..<(index + width * height * 3)]))
    }

    @discardableResult
    static func run(_ command: String, _ arguments: [String]) async throws -> Data {
        guard ProcessRunner.find(command) != nil else {
            throw Failure(description: "\(command) is not installed (make test installs it: Resources/build/system-packages test)")
        }
        let result = try await ProcessRunner(command, arguments).run(timeout: .seconds(60))
        guard result.status == 0 else {
            throw Failure(description: "\(command) failed (\(result.status)): \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return result.stdout
    }
}
