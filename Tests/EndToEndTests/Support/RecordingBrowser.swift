import Foundation
import TestSupport

/// A `$BROWSER` that writes how many arguments it got, then each in brackets, to a file (all at
/// once, by a rename, so a reader never sees half of it), and what its open descriptors point at.
struct RecordingBrowser {
    let script: URL
    let record: URL
    let descriptorRecord: URL

    init(in folder: TemporaryFolder) throws {
        record = folder.file("args.txt")
        descriptorRecord = folder.file("descriptors.txt")
        script = folder.file("browser.sh")
        try """
        #!/bin/sh
        for f in /proc/$$/fd/*; do printf '%s %s\\n' "${f##*/}" "$(readlink "$f")"; done > '\(descriptorRecord.path)'
        { printf '%s\\n' "$#"; for a in "$@"; do printf '[%s]\\n' "$a"; done; } > '\(record.path).tmp'
        mv '\(record.path).tmp' '\(record.path)'
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }

    /// The browser's open descriptors as "number target" lines (read after `recorded()`).
    func descriptors() throws -> [String] {
        try String(contentsOf: descriptorRecord, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// What the browser was given, once it has run: "1\n[URL]\n" for one URL.
    func recorded() async throws -> String? {
        guard await eventually({ FileManager.default.fileExists(atPath: record.path) }) else { return nil }
        return try String(contentsOf: record, encoding: .utf8)
    }
}
