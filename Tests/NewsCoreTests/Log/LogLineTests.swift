import Foundation
import Testing
@testable import NewsCore

@Suite("Log line")
struct LogLineTests {
    private let date = Date(timeIntervalSince1970: 1_740_821_412.345_6)  // 2025-03-01T09:30:12.345Z

    @Test func timestampIsUTCWithMilliseconds() {
        #expect(LogLine.timestamp(date) == "2025-03-01T09:30:12.345Z")
        #expect(LogLine.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(LogLine.timestamp(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(LogLine.timestamp(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
    }

    @Test func fieldsFollowTheEventInOrder() {
        let line = LogLine.format(
            date: date, level: .info, event: "fetch",
            fields: [("source", "BBC News"), ("url", "https://feeds.bbci.co.uk/news/rss.xml"), ("status", "200"), ("bytes", "48211")],
            secrets: []
        )
        #expect(line == "2025-03-01T09:30:12.345Z info fetch source=\"BBC News\" url=https://feeds.bbci.co.uk/news/rss.xml status=200 bytes=48211\n")
    }

    @Test(arguments: [
        ("plain", "plain"), ("two words", "\"two words\""), ("", "\"\""), ("a=b", "\"a=b\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""), ("back\\slash", "\"back\\\\slash\""), ("ünï-cödé", "ünï-cödé"),
    ])
    func valuesAreQuotedWhenTheyNeedIt(value: String, written: String) {
        #expect(LogLine.quoteIfNeeded(value) == written)
    }

    @Test func escapeSequencesAndNewlinesNeverReachTheLine() {
        let line = LogLine.format(
            date: date, level: .error, event: "parse\u{1B}[2J",
            fields: [("title\n", "Evil\u{1B}]0;owned\u{07}\nsecond line\u{9B}31m red"), ("k\u{1B}", "\u{202E}txt")],
            secrets: []
        )
        #expect(line == "2025-03-01T09:30:12.345Z error parse__2J title_=\"Evil second line red\" k_=txt\n")
        #expect(line.filter(\.isNewline).count == 1)
    }

    @Test func longValuesAreCut() {
        let line = LogLine.format(date: date, level: .debug, event: "e", fields: [("v", String(repeating: "x", count: 100_000))], secrets: [])
        #expect(line.count < LogLine.maxValueLength + 100)
    }

    @Test func secretsAreRedactedInEveryForm() {
        let secret = "s3cr3t-key/value+1"
        let line = LogLine.format(
            date: date, level: .info, event: "config",
            fields: [
                ("plain", secret), ("inside", "key is \(secret)!"), ("encoded", "https://x.example/?k=s3cr3t%2Dkey%2Fvalue%2B1"),
                ("as-\(secret)", "in the key"),
            ],
            secrets: [secret]
        )
        #expect(!line.contains("s3cr3t"))
        #expect(line.contains("plain=[redacted] inside=\"key is [redacted]!\" encoded=\"https://x.example/?k=[redacted]\" as-_redacted_=\"in the key\""))
    }

    @Test func aSecretWithQuotesIsRedactedOnceQuoted() {
        let secret = "pa\"ss word"
        let line = LogLine.format(date: date, level: .info, event: "e", fields: [("v", "x \(secret) y")], secrets: [secret])
        #expect(!line.contains("pa"))
        #expect(line.contains("v=\"x [redacted] y\""))
    }
}
