import Foundation
import TestSupport

/// newsboat's TT-RSS mode, the `sync` benchmark's reference (as Tests/SyncServers/bench-newsboat-ttrss.sh
/// runs it): `urls-source "ttrss"` against the benchmark's server, `-x reload`, timed from
/// Python, which also reads its CPU time and peak RSS and counts the items its cache holds before and after.
final class NewsboatSync {
    let path: String
    /// "newsboat 2.21.0"
    let version: String
    private let server: SyncBenchServers
    private let folder: TemporaryFolder

    init(path: String, server: SyncBenchServers, folder: TemporaryFolder) throws {
        self.path = path
        self.server = server
        self.folder = folder
        let output = try ExternalCommand.output(path, ["--version"])
        version = output.split(separator: "\n").first.map { String($0.split(separator: " - ").first ?? $0) } ?? "newsboat"
    }

    /// One `-x reload` in a folder of its own: an empty cache, or a copy of the one in `base`;
    /// the folder is kept as `keepAs` when given. `config`: newsboat's config, else the TT-RSS one.
    func reload(from base: URL?, keepAs: URL?, config given: String? = nil) throws -> SyncBenchmark.Run {
        let home = folder.file("newsboat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        if let base { try FileManager.default.copyItem(at: base.appendingPathComponent("cache.db"), to: home.appendingPathComponent("cache.db")) }
        let config =
            given ?? """
                urls-source "ttrss"
                ttrss-url "\(server.url.absoluteString)"
                ttrss-login "\(server.user)"
                ttrss-password "\(server.password)"

                """
        try config.write(to: home.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        try "".write(to: home.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
        let script = """
            import os, resource, sqlite3, subprocess, sys, time
            newsboat, home = sys.argv[1], sys.argv[2]
            cache = os.path.join(home, "cache.db")
            def count():
                if not os.path.exists(cache): return 0
                c = sqlite3.connect(cache)
                try: return c.execute("select count(*) from rss_item").fetchone()[0]
                finally: c.close()
            before = count()
            start = time.perf_counter()
            subprocess.run([newsboat, "-x", "reload", "-u", os.path.join(home, "urls"), "-c", cache, "-C", os.path.join(home, "config")],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={"HOME": home, "PATH": "/usr/bin:/bin"})
            elapsed = time.perf_counter() - start
            after = count()
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, after - before, after)
            """
        let output = try ExternalCommand.output("python3", ["-c", script, path, home.path])
        let fields = output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard fields.count == 5, let seconds = Double(fields[0]), let cpu = Double(fields[1]), let peak = Int(fields[2]),
            let new = Int(fields[3]), let count = Int(fields[4])
        else {
            throw BenchmarkFailure("unexpected output from the newsboat timing: \(output)")
        }
        if let keepAs { try FileManager.default.moveItem(at: home, to: keepAs) } else { try FileManager.default.removeItem(at: home) }
        return SyncBenchmark.Run(time: .fractionalSeconds(seconds), cpu: .fractionalSeconds(cpu), peak: peak, new: new, count: count)
    }
}
