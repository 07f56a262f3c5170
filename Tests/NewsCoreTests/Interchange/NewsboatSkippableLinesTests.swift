import Foundation
import Testing
@testable import NewsCore

/// One line of newsboat's that cannot come across is skipped with its sentence, and the rest
/// imported (issue 50, point 9); a skipped line is quoted no further than a short first word
/// (point 10).
@Suite("newsboat import: skippable lines")
struct NewsboatSkippableLinesTests {
    @Test func aURLPastTheLimitIsSkippedAndTheOthersKept() {
        let long = "https://long.example/" + String(repeating: "a", count: TextLimits.url)
        let list = NewsboatURLs.parse("https://a.example/f.xml\n\(long)\nhttps://b.example/f.xml\n")
        #expect(list.feeds.map(\.url.host) == ["a.example", "b.example"])
        #expect(list.skipped.count == 1)
        #expect(list.skipped.first?.line == 2)
        #expect(list.skipped.first?.reason.contains("longer than 8192 bytes") == true)
        #expect((list.skipped.first?.entry.count ?? 0) <= NewsboatURLs.entryLength)
    }

    /// newsboat takes the last of a setting given twice; the earlier line is named, not refused.
    @Test func aSettingGivenTwiceKeepsTheLast() {
        let config = NewsboatConfig.parse("browser firefox\nshow-read-articles no\nbrowser lynx\n", knownActions: [])
        #expect(config.settings.map(\.text) == ["show-read = no", "browser = lynx"])
        #expect(config.skipped.map(\.line) == [1])
        #expect(config.skipped.first?.entry == "browser")
        #expect(config.skipped.first?.reason.contains("newsboat takes the last") == true)
    }

    /// A line that is not newsboat's at all (a secret file's line) is quoted only in part.
    @Test func aSkippedLineIsQuotedOnlyInPart() {
        let secret = "root:$6$SECRETSALT$0123456789abcdefghijklmnopqrstuvwxyz0123456789:19000:0:99999:7:::"
        let list = NewsboatURLs.parse(secret + "\n")
        let entry = list.skipped.first?.entry ?? ""
        #expect(entry.count <= NewsboatURLs.entryLength)
        #expect(!entry.contains("abcdefghijklmnopqrstuvwxyz"))
        let config = NewsboatConfig.parse(secret + "\n", knownActions: [])
        #expect((config.skipped.first?.entry.count ?? 0) <= NewsboatURLs.entryLength)
    }
}
