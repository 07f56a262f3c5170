import Foundation
import NewsCore
import Testing
import TestSupport

extension EndToEnd {
    /// `make deb`: a package dpkg-deb accepts, whose metadata names the libraries the binary
    /// needs, and whose files, unpacked into a folder, run. Built around the binary under test
    /// (BINARY=...: the release one under `make test`) and left uncompressed, to keep the suite
    /// fast: xz takes half a minute on a busy machine.
    @Suite struct DebianPackage {
        let folder: TemporaryFolder

        init() throws { folder = try TemporaryFolder("deb") }

        @Test func thePackageHoldsTheInstalledFilesAndRunsUnpacked() async throws {
            let package = folder.file("headlines.deb").path
            let made = try await Checkout.make([
                "deb", "DEB=\(package)", "DEB_STAGE=\(folder.file("stage").path)", "BINARY=\(HeadlinesBinary.path)", "DEB_COMPRESSION=none",
            ])
            #expect(made.status == 0, "\(made.stderrText)")

            let info = try await ProcessRunner("dpkg-deb", ["--info", package]).run()
            #expect(info.status == 0, "\(info.stderrText)")
            let fields = Self.fields(info.stdoutText)
            #expect(fields["Package"] == "headlines")
            #expect(fields["Version"] == HeadlinesVersion.string)
            #expect(fields["Architecture"]?.isEmpty == false)
            #expect(Int(fields["Installed-Size"] ?? "") ?? 0 > 0)
            let depends = (fields["Depends"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for library in ["libcurl", "libncursesw", "libsqlite3", "libxml2", "libpng", "libjpeg", "libc6"] {
                #expect(depends.contains { $0.hasPrefix(library) }, "Depends lacks \(library): \(depends)")
            }
            // The C library no older than the binary's symbols (and its packed relocations) ask for.
            #expect(depends.contains { $0.hasPrefix("libc6 (>= 2.") }, "\(depends)")

            let root = folder.file("root")
            let unpacked = try await ProcessRunner("dpkg-deb", ["-x", package, root.path]).run()
            #expect(unpacked.status == 0, "\(unpacked.stderrText)")
            #expect(
                InstalledFiles.all(under: root)
                    == InstalledFiles.expected(
                        zshFolder: "share/zsh/vendor-completions", manPage: "share/man/man1/headlines.1.gz"
                    ).map { "usr/" + $0 })
            try await InstalledFiles.checkRuns(prefix: root.appendingPathComponent("usr"))
        }

        /// The control file's `Name: value` lines, as `dpkg-deb --info` indents them.
        static func fields(_ info: String) -> [String: String] {
            var fields: [String: String] = [:]
            for line in info.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " }
                guard line.hasPrefix(" "), let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains(" ") else { continue }
                fields[String(trimmed[..<colon])] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return fields
        }
    }
}
