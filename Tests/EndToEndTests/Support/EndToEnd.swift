import Foundation
import Testing
import TestSupport

/// All end-to-end suites nest in this one so they run one at a time: they start real
/// processes, and their deadlines (a disconnect seen within 500 ms) should not compete with
/// each other for the two cores.
@Suite(.serialized) enum EndToEnd {}

/// The real `headlines` binary in a tmux pane, with a private home and save folder.
final class HeadlinesSession {
    let tmux: TmuxSession
    let home: TemporaryFolder
    var saveFolder: URL { home.url.appendingPathComponent("saved", isDirectory: true) }

    init(_ arguments: [String], environment: [String: String] = [:], width: Int = 100, height: Int = 30) throws {
        home = try TemporaryFolder("e2e")
        var extra = HeadlinesBinary.environment(home: home.url, extra: environment)
        extra.removeValue(forKey: "PATH")
        let save = home.url.appendingPathComponent("saved", isDirectory: true).path
        tmux = try TmuxSession(
            command: [HeadlinesBinary.path, "--save-dir", save] + arguments,
            environment: extra, width: width, height: height
        )
    }

    /// Files in the save folder (hidden temporary files included).
    func savedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: saveFolder.path)) ?? []).sorted()  // no folder yet: nothing saved
    }

    func close() {
        tmux.close()
        home.remove()
    }
}
