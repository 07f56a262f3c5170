import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Rows with every kind of cluster a terminal can disagree about are drawn whole, in order,
    /// inside the edge, and leave nothing behind when the screen changes (tmux is the terminal).
    @Suite struct TextDrawing {
        /// Titles, and each one as tmux must show it (clusters reduced for the terminal). Each
        /// starts with a marker (A1, B2...) and ends with another (END1...); the words between
        /// make it overflow a narrow terminal.
        static let clusters: [(title: String, shown: String)] = [
            ("👨‍👩‍👧 family", "👨 family"),
            ("👍🏽👍🏽👍🏽 thumbs", "👍👍👍 thumbs"),
            ("🇫🇷🇩🇪 flags ❤️ love", "🇫🇷🇩🇪 flags ❤ love"),
            ("Z" + String(repeating: "\u{0336}\u{0301}\u{0327}", count: 12) + " zalgo", "Z\u{0336}\u{0301}\u{0327}\u{0336} zalgo"),
            ("क्षत्रिय conjunct", "क्षत्रिय conjunct"),
            ("漢字 wide", "漢字 wide"),
            ("🧑🏾‍🚀 astronaut", "🧑 astronaut"),
            ("1️⃣2️⃣ keys", "1\u{20E3}2\u{20E3} keys"),
        ]
        static let filler = " and some words to fill a narrow row"
        static let rows: [(title: String, shown: String)] = clusters.enumerated().map { index, pair in
            let start = "\(Character(Unicode.Scalar(65 + UInt8(index))))\(index + 1) "
            return (start + pair.title + filler + " END\(index + 1)", start + pair.shown + filler + " END\(index + 1)")
        }

        static func document(in folder: TemporaryFolder) throws -> URL {
            let url = folder.file("clusters.json")
            try NewsAPIFixtures.document(
                rows.enumerated().map { index, row in
                    .init(title: row.title, url: "https://example.com/\(index)")
                }
            ).write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        /// The first line drawn in reverse video below the title: the selected row.
        static func selectedLine(_ styled: String) -> Int? {
            styled.split(separator: "\n", omittingEmptySubsequences: false).enumerated().dropFirst().first { _, line in
                line.range(of: "\u{1b}\\[[0-9;]*7m", options: .regularExpression) != nil
            }?.offset
        }

        /// The row that holds `marker`, checked to be the only one.
        static func row(_ marker: String, in screen: String) -> Substring? {
            let rows = screen.split(separator: "\n").filter { $0.contains(marker) }
            return rows.count == 1 ? rows[0] : nil
        }

        @Test(arguments: [120, 44])
        func everyRowKeepsItsOwnTextInOrder(width: Int) async throws {
            let folder = try TemporaryFolder("e2e")
            let session = try HeadlinesSession(["--source", try Self.document(in: folder).path], width: width, height: 20)
            defer { session.close() }
            let first = try await session.tmux.waitForText("8 articles")
            for (index, row) in Self.rows.enumerated() {
                let start = String(row.title.prefix(3))
                let line = try #require(Self.row(start, in: first), "row \(index + 1) missing or doubled:\n\(first)")
                #expect(line.contains(start + String(row.shown.dropFirst(3).prefix(4))), "row \(index + 1): \(line)")
                if width >= 60 {
                    #expect(line.hasSuffix(row.shown), "row \(index + 1): \(line)")
                } else {
                    // Cut at the edge with an ellipsis, never wrapped onto the next row.
                    #expect(line.hasSuffix("…"), "row \(index + 1): \(line)")
                }
            }
            // Move through every row, visit another screen and come back: the same screen again,
            // with nothing left over from the other one.
            #expect(Self.selectedLine(try session.tmux.capture(escapeSequences: true)) == 1)
            try session.tmux.sendKeys("G")
            #expect(await eventually { (try? session.tmux.capture(escapeSequences: true)).flatMap(Self.selectedLine) == 8 })
            try session.tmux.sendKeys("g")
            #expect(await eventually { (try? session.tmux.capture(escapeSequences: true)).flatMap(Self.selectedLine) == 1 })
            #expect(try session.tmux.capture() == first)
            try session.tmux.sendKeys("?")
            // The status row is drawn last: once it shows, the rows above it are drawn too.
            let help = try await session.tmux.waitForScreen { screen in
                screen.contains("Help · keys") && screen.split(separator: "\n").last?.contains("q back") == true
            }
            #expect(!help.contains("END"), "a row of the list was left behind:\n\(help)")
            try session.tmux.sendKeys("q")
            let back = try await session.tmux.waitForText("8 articles")
            #expect(back == first)
        }

        @Test func aLocaleWithoutUTF8ShowsASCIIAndSaysSo() async throws {
            let folder = try TemporaryFolder("e2e")
            let url = folder.file("latin.json")
            try NewsAPIFixtures.document([
                .init(title: "Café déjà vu — “quoted”", url: "https://example.com/1", source: "Résumé"),
                .init(title: "東京 wide", url: "https://example.com/2"),
            ]).write(to: url, atomically: true, encoding: .utf8)
            let session = try HeadlinesSession(["--source", url.path], environment: ["LANG": "C", "LC_ALL": "C"])
            defer { session.close() }
            let shown = ["Cafe deja vu - \"quoted\"", "???? wide", "Resume", "not UTF-8"]
            _ = try await session.tmux.waitForScreen(describedAs: "\(shown)") { screen in shown.allSatisfy { screen.contains($0) } }
            try session.tmux.sendKeys("j")
            _ = try await session.tmux.waitForScreen { !$0.contains("not UTF-8") }  // said once
        }
    }
}
