import Foundation
import TestSupport

/// A `$BROWSER` that writes how many arguments it got, then each in brackets, to a file (all at
/// once, by a rename, so a reader never sees half of it).
struct RecordingBrowser {
    let script: URL
    let record: URL

    init(in folder: TemporaryFolder) throws {
        record = folder.file("args.txt")
        script = folder.file("browser.sh")
        try """
            #!/bin/sh
            { printf '%s\\n' "$#"; for a in "$@"; do printf '[%s]\\n' "$a"; done; } > '\(record.path).tmp'
            mv '\(record.path).tmp' '\(record.path)'
            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }

    /// What the browser was given, once it has run: "1\n[URL]\n" for one URL.
    func recorded() async throws -> String? {
        guard await eventually({ FileManager.default.fileExists(atPath: record.path) }) else { return nil }
        return try String(contentsOf: record, encoding: .utf8)
    }
}
