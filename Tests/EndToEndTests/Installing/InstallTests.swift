import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `make install` and `make uninstall` with DESTDIR and PREFIX. They install the binary under
    /// test (BINARY=...: the release one under `make test`), so they never build it again.
    @Suite struct Install {
        let destination: TemporaryFolder

        init() throws { destination = try TemporaryFolder("destdir") }

        private func make(_ target: String, prefix: String) async throws -> ProcessResult {
            try await Checkout.make([target, "DESTDIR=\(destination.path)", "PREFIX=\(prefix)", "BINARY=\(HeadlinesBinary.path)"])
        }

        @Test func installPutsEachFileInItsPlaceAndTheBinaryFindsTheDemo() async throws {
            let result = try await make("install", prefix: "/opt/news")
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(InstalledFiles.all(under: destination.url) == InstalledFiles.expected().map { "opt/news/" + $0 })
            let binary = destination.file("opt/news/bin/headlines").path
            #expect(FileManager.default.isExecutableFile(atPath: binary))
            try await InstalledFiles.checkRuns(prefix: destination.file("opt/news"))
        }

        /// Uninstalling removes what was installed and nothing else, even in shared folders.
        @Test func uninstallRemovesExactlyTheInstalledFiles() async throws {
            #expect(try await make("install", prefix: "/usr/local").status == 0)
            let neighbour = try destination.write(Data("#!/bin/sh\n".utf8), to: "usr/local/bin/other").path
            let uninstalled = try await make("uninstall", prefix: "/usr/local")
            #expect(uninstalled.status == 0, "\(uninstalled.stderrText)")
            #expect(InstalledFiles.all(under: destination.url) == ["usr/local/bin/other"])
            #expect(FileManager.default.fileExists(atPath: neighbour))
            #expect(!FileManager.default.fileExists(atPath: destination.file("usr/local/share/headlines").path))
        }
    }
}
