import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `Resources/build/system-packages`, the set-up `make run`, `make test` and CI share: it
    /// installs only what is missing, never calls apt-get when nothing is, and names the
    /// packages on a system without apt-get.
    @Suite struct SystemPackages {
        let script = Checkout.file("Resources/build/system-packages").path
        let systemPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

        private func environment(path: String, sysroot: String? = nil) -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = path
            environment["HEADLINES_SYSROOT"] = sysroot
            return environment
        }

        /// On this machine everything is there (the tests are running): `make setup` and the
        /// tests' set-up start no apt-get and no sudo, and say nothing.
        @Test func withEverythingThereNothingIsInstalled() async throws {
            let stand = try RecordingCommands(["apt-get", "sudo"], status: 1)
            let environment = environment(path: stand.path(before: systemPath))
            for target in ["setup", "setup-test"] {
                let result = try await Checkout.make([target], environment: environment)
                #expect(result.status == 0, "\(target): \(result.stderrText)")
                #expect(result.stdoutText.isEmpty && result.stderrText.isEmpty, "\(target): \(result.stdoutText)\(result.stderrText)")
            }
            #expect(stand.calls().isEmpty, "the set-up would install packages: \(stand.calls()) (make test installs them)")
        }

        /// Headers missing (an empty system root): apt-get is asked for exactly their packages,
        /// after an update.
        @Test func missingHeadersAreInstalledThroughAptGet() async throws {
            let stand = try RecordingCommands(["apt-get", "sudo"])
            let empty = try TemporaryFolder("sysroot")
            let result = try await ProcessRunner(script, ["build"], environment: environment(path: stand.path(before: systemPath), sysroot: empty.path))
                .run(timeout: .seconds(30))
            #expect(result.status == 0, "\(result.stderrText)")
            let calls = stand.calls()
            let packages = "libncurses-dev libcurl4-openssl-dev libsqlite3-dev libxml2-dev libpng-dev libjpeg-dev"
            if getuid() == 0 {
                #expect(calls == ["apt-get update -qq", "apt-get install -y -qq --no-install-recommends \(packages)"])
            } else {
                #expect(calls.first == "sudo apt-get update -qq", "\(calls)")
            }
        }

        /// Without apt-get the script names what is missing, by Debian's names, and stops with
        /// status 1 before anything is built; `--list` prints the same names, one a line.
        @Test func withoutAptGetThePackagesAreNamed() async throws {
            let bin = try TemporaryFolder("bin")
            for tool in ["bash", "id"] {  // the script's own needs, and nothing else
                try FileManager.default.createSymbolicLink(atPath: bin.file(tool).path, withDestinationPath: "/bin/\(tool)")
            }
            let empty = try TemporaryFolder("sysroot")
            let environment = environment(path: bin.path, sysroot: empty.path)
            let result = try await ProcessRunner("/bin/bash", [script, "test"], environment: environment).run(timeout: .seconds(30))
            #expect(result.status == 1)
            for package in [
                "libcurl4-openssl-dev", "libxml2-dev", "libjpeg-dev", "pkg-config", "tmux", "python3", "groff-base", "zsh", "fish",
                "curl", "python3-venv", "postgresql", "php-cli", "php-pgsql", "php-xml", "tt-rss", "dbconfig-no-thanks", "libsixel-bin",
                "netpbm", "xterm", "xvfb", "xfonts-base", "x11-apps", "xdotool",
            ] {
                #expect(result.stderrText.contains(package), "\(package): \(result.stderrText)")
            }
            let listed = try await ProcessRunner("/bin/bash", [script, "--list", "build"], environment: environment).run(timeout: .seconds(30))
            #expect(listed.status == 0)
            #expect(
                listed.stdoutText.split(separator: "\n") == [
                    "libncurses-dev", "libcurl4-openssl-dev", "libsqlite3-dev", "libxml2-dev", "libpng-dev", "libjpeg-dev", "pkg-config",
                ])
        }
    }
}
