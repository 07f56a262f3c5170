import Foundation
import HeadlinesKeys
import Testing
@testable import HeadlinesUI
import NewsCore

/// The help screen and the status-bar hints, written from the keys in force.
@Suite("Help rows and hints")
struct HelpRowsTests {
    @Test func theHelpShowsTheKeysAsBound() throws {
        let keys = KeyMap(applying: [.bind(try #require(KeyName("x")), action: "reload", line: 1), .unbind(try #require(KeyName("r")), line: 2)])
        #expect(HelpRows.rows(keys).contains(.entry(keys: "x", help: KeyTable.defaults.first { $0.action == .reload }?.help ?? "")))
    }

    /// A binding that takes an action's only key leaves it keyless: the help says so under its
    /// own heading (issue 51).
    @Test func anActionLeftWithNoKeyIsListedUnderItsOwnHeading() throws {
        let after = KeyMap(applying: [.bind(try #require(KeyName("x")), action: "toggle-read", line: 1)])
        let rows = HelpRows.rows(after)
        let heading = try #require(rows.firstIndex(of: .heading(HelpRows.noKeyHeading)))
        #expect(rows[heading + 1] == .entry(keys: "full-text", help: KeyTable.defaults.first { $0.action == .fullText }?.help ?? ""))
        #expect(!HelpRows.rows(KeyMap()).contains(.heading(HelpRows.noKeyHeading)))
    }

    @Test func hintsComeFromTheTable() {
        #expect(HeadlinesView.defaultHints == "⏎ read · r refresh · o open · d save · ? help · q quit")
        #expect(DownloadsView.defaultHints == "c cancel · C cancel all · q back")
    }
}
