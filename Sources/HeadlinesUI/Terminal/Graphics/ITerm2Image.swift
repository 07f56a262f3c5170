import FoundationEssentials

/// iTerm2's inline image (iterm2.com/documentation-images.html), which WezTerm and others read
/// too: OSC 1337 with a base64 PNG, drawn from the cursor at exactly the given pixel size.
enum ITerm2Image {
    static func bytes(png: [UInt8], width: Int, height: Int) -> [UInt8] {
        var output = Array("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(width)px;height=\(height)px;preserveAspectRatio=0:".utf8)
        output.append(contentsOf: Data(png).base64EncodedData())
        output.append(0x07)
        return output
    }
}
