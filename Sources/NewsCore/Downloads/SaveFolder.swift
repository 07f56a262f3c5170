import FoundationEssentials

/// Where images are saved: `--save-dir`, else `$XDG_DOWNLOAD_DIR/headlines`, else
/// `~/Downloads/headlines`.
public enum SaveFolder {
    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: expandTilde(explicit, environment), isDirectory: true) }
        if let xdg = environment["XDG_DOWNLOAD_DIR"], !xdg.isEmpty {
            return URL(fileURLWithPath: expandTilde(xdg, environment), isDirectory: true).appendingPathComponent("headlines", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? AccountHome.path()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent("Downloads", isDirectory: true)
            .appendingPathComponent("headlines", isDirectory: true)
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
