import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// libcurl (and the TLS, Kerberos and LDAP libraries it brings) is loaded at the first
    /// transfer, and libxml2 (with ICU and liblzma) at the first XML parsed, not at start: a
    /// start that fetches nothing maps neither.
    @Suite struct LazyLibraries {
        /// The shared libraries a running program has mapped, by file name.
        static func mappedLibraries(_ pid: Int32) throws -> Set<String> {
            // Read to its end: /proc's files say they are empty, so a read by size stops short.
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
            defer { try? file.close() }  // read-only: nothing to lose
            let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
            return Set(
                maps.split(separator: "\n").compactMap { line in
                    line.split(separator: "/").last.map(String.init).flatMap { $0.contains(".so") ? $0 : nil }
                })
        }

        @Test func libcurlAndLibxml2AreMappedAtTheFirstFetchNotAtStart() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Sources.serve(server, slow: .zero)
            let home = try TemporaryFolder("e2e")
            defer { home.remove() }
            try FeedFixtures.writeConfig("refresh-on-start = no\n" + Sources.config(server), home: home.url)
            #expect(try await HeadlinesSession.run(["--refresh"], home: home).status == 0)
            let session = try HeadlinesSession([], home: home)
            defer { session.close() }
            let tmux = session.tmux
            try await tmux.waitForScreen { Sources.row("Tech", in: $0)?.contains("3 unread") == true }
            let pid = try #require(try tmux.programPID())
            let atStart = try Self.mappedLibraries(pid)
            #expect(atStart.contains { $0.hasPrefix("libsqlite3.so") }, "the maps were read: \(atStart.sorted())")
            let loadedLater = ["libcurl", "libssl", "libgnutls", "libxml2", "libicu", "liblzma"]
            #expect(!atStart.contains { library in loadedLater.contains { library.hasPrefix($0) } }, "\(atStart.sorted())")
            let asked = server.requests.count
            try tmux.sendKeys("R")
            #expect(await server.waitUntil(timeout: .seconds(10)) { $0.count >= asked + 3 })
            // The RSS and Atom feeds are parsed once they have come.
            #expect(await eventually(timeout: .seconds(10)) { (try? Self.mappedLibraries(pid))?.contains { $0.hasPrefix("libxml2") } == true })
            let afterFetch = try Self.mappedLibraries(pid)
            #expect(afterFetch.contains { $0.hasPrefix("libcurl") }, "\(afterFetch.sorted())")
        }
    }
}
