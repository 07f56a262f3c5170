import Foundation

/// The scripts in `Tests/SyncServers` that start, refresh and stop the feed servers.
public enum SyncServerScripts {
    /// Tests/TestSupport/SyncServers/SyncServerScripts.swift → the checkout's root.
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let folder = checkout.appendingPathComponent("Tests/SyncServers", isDirectory: true)

    /// Runs `script` with `arguments` (and `environment` added to this process's) and returns the `NAME=value` lines it printed.
    public static func run(_ script: String, _ arguments: [String], timeout: Duration, environment: [String: String] = [:]) async throws -> [String: String] {
        let path = folder.appendingPathComponent(script).path
        let result: ProcessResult
        do {
            result = try await ProcessRunner(path, arguments, extraEnvironment: environment).run(timeout: timeout)
        } catch let error as ProcessRunnerError {
            throw SyncServerError.scriptFailed(script: script, detail: error.description)
        }
        guard result.status == 0 else {
            throw SyncServerError.scriptFailed(script: script, detail: "exit status \(result.status): \(result.stderrText)")
        }
        var values: [String: String] = [:]
        for line in result.stdoutText.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    /// The value `name` of a script's output, or an error that names what is missing.
    public static func value(_ name: String, in values: [String: String], from script: String) throws -> String {
        guard let value = values[name], !value.isEmpty else {
            throw SyncServerError.scriptFailed(script: script, detail: "it printed no \(name)=")
        }
        return value
    }

    /// A TCP port on 127.0.0.1 free at this moment, for a server about to start (the kernel
    /// hands out ephemeral ports in turn, so it is not handed out again soon).
    public static func freePort() throws -> Int {
        let (fd, port) = try Listener.bindLoopback(listening: false)
        close(fd)
        return port
    }
}
