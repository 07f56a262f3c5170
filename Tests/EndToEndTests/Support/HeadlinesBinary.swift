import Foundation

/// Where the built `headlines` binary is: next to the test bundle that `swift test` built.
enum HeadlinesBinary {
    static let path: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("headlines").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("headlines").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/headlines").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[candidates.count - 1]
    }()

    /// `StoreTestChild` (a second process on a cache: holding its write lock, merging into it), built beside `headlines`.
    static var storeTestChild: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("StoreTestChild").path
    }

    /// An environment with nothing of the developer's leaking in: no key, a private home.
    static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TZ": "UTC",
            "NEWSAPI_KEY": "",
            "SWIFT_BACKTRACE": "enable=no",
        ]
        for (name, value) in extra { environment[name] = value }
        return environment
    }
}
