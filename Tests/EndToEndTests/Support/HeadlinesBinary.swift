import Foundation

/// The `headlines` binary the end-to-end tests run: the one `HEADLINES_BINARY` names (`make test`
/// names the release binary it built as `make` builds it, the one people install), else the
/// debug one next to the test bundle that `swift test` built.
enum HeadlinesBinary {
    /// The variable that names the binary under test.
    static let variable = "HEADLINES_BINARY"

    static let path: String = {
        if let named = ProcessInfo.processInfo.environment[variable], !named.isEmpty {
            return URL(fileURLWithPath: named).standardizedFileURL.path
        }
        return builtBesideTheTests
    }()

    /// The binary `swift test` built beside the test bundle (debug, unless `-c release`).
    static let builtBesideTheTests: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("headlines").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("headlines").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/headlines").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[candidates.count - 1]
    }()

    /// `StoreTestChild` (a second process on a cache: holding its write lock, merging into it),
    /// built beside the tests' own `headlines` (a release build of the app alone has none).
    static var storeTestChild: String {
        URL(fileURLWithPath: builtBesideTheTests).deletingLastPathComponent().appendingPathComponent("StoreTestChild").path
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
