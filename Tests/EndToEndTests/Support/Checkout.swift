import Foundation
import TestSupport

/// The checkout these tests were built from: its Makefile, scripts and committed resources.
enum Checkout {
    /// Tests/EndToEndTests/Support/Checkout.swift → the checkout's root.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// `make` in the checkout with `arguments` (a few seconds of copying: no build). The settings
    /// of a `make test` around the tests (MAKEFLAGS carries its command line's variables) are left out.
    static func make(_ arguments: [String], environment: [String: String]? = nil) async throws -> ProcessResult {
        var environment = environment ?? ProcessInfo.processInfo.environment
        for name in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"] { environment.removeValue(forKey: name) }
        return try await ProcessRunner("make", ["--no-print-directory", "-C", root.path] + arguments, environment: environment)
            .run(timeout: .seconds(120))
    }
}

/// A folder of stand-in commands put first in PATH, each recording its arguments in a log and
/// exiting with a chosen status: how a test sees whether a script would call apt-get or sudo,
/// which must not really run.
final class RecordingCommands {
    let folder: TemporaryFolder
    var log: URL { folder.file("calls.log") }

    init(_ names: [String], status: Int32 = 0) throws {
        folder = try TemporaryFolder("commands")
        for name in names {
            let script = "#!/bin/sh\necho \"\(name) $*\" >> '\(log.path)'\nexit \(status)\n"
            let url = try folder.write(Data(script.utf8), to: name)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
    }

    /// The calls made, one line each ("apt-get install -y ..."); none when the log was never written.
    func calls() -> [String] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }  // no call yet: no log
        return text.split(separator: "\n").map(String.init)
    }

    /// PATH with these commands first, then `rest`.
    func path(before rest: String) -> String { folder.path + ":" + rest }
}
