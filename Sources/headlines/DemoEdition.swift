import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#endif

/// The bundled demo edition: a NewsAPI-shaped document with local images, so that the first
/// run shows news with no key and no network. Read from the checkout's `Resources/demo` (as a
/// SwiftPM resource bundle would have been, without the Foundation `Bundle` it loads), from a
/// `demo` folder beside the binary when it is copied on its own, or from `share/headlines/demo`
/// beside its `bin` folder, where `make install` and the Debian package put it. (No SwiftPM
/// resource bundle: its generated accessor loads Foundation's Bundle, and with it ICU, at start.)
enum DemoEdition {
    /// The demo document, `Resources/demo/headlines.json` in the source tree.
    static var documentURL: URL? {
        candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Whether `location` (a source's key: its URL's text) is a demo document, wherever the
    /// installation that read it kept it.
    static func isDocument(_ location: String) -> Bool {
        guard let url = URL(string: location), url.isFileURL else { return false }
        return url.path.hasSuffix("/demo/headlines.json")
    }

    private static var candidates: [URL] {
        var folders: [URL] = []
        if let executable = executablePath() {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            folders.append(bin.appendingPathComponent("demo", isDirectory: true))
            // PREFIX/bin/headlines → PREFIX/share/headlines/demo, whatever PREFIX (and DESTDIR) was.
            folders.append(bin.deletingLastPathComponent().appendingPathComponent("share/headlines/demo", isDirectory: true))
        }
        // Sources/headlines/DemoEdition.swift → Resources/demo
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(checkout.appendingPathComponent("Resources/demo", isDirectory: true))
        return folders.map { $0.appendingPathComponent("headlines.json") }
    }

    /// This program's own file, whatever name it was started by.
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
