import Foundation
import Testing
@testable import NewsCore

/// The date forms issue 16 found undated, each family against the instant it means. Every value
/// was checked against Python's feedparser 6.0 (`feedparser.datetimes._parse_date`); where it
/// is wrong, the comment says so and the right instant is expected.
@Suite("FeedDate forms")
struct FeedDateFormsTests {
    private static func iso(_ text: String) -> String? { FeedDate.parse(text).map(ISO8601.formatUTC) }

    @Test(arguments: [
        ("2005-01-03 12:00:00 +0100", "2005-01-03T11:00:00Z"),
        ("2005-01-03T12:00:00 +01:00", "2005-01-03T11:00:00Z"),
        ("2005-01-03 12:00:00 -05:00", "2005-01-03T17:00:00Z"),
        ("2005-01-03T12:00:00 Z", "2005-01-03T12:00:00Z"),
        // feedparser: midnight, the time lost.
        ("2005-01-03 12:00:00 GMT", "2005-01-03T12:00:00Z"),
        // feedparser: 12:00, the zone ignored.
        ("2005-01-03T12:00:00 EST", "2005-01-03T17:00:00Z"),
        ("2005-01-03T12:00:00 GMT+01:00", "2005-01-03T11:00:00Z"),
    ])
    func spaceBeforeTheZone(text: String, expected: String) {
        #expect(Self.iso(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("2003", "2003-01-01T00:00:00Z"),
        ("2003-12", "2003-12-01T00:00:00Z"),
        ("2003-12-31", "2003-12-31T00:00:00Z"),
        ("20031231", "2003-12-31T00:00:00Z"),
        // feedparser: midnight for all of these, the time lost.
        ("20050103T120000Z", "2005-01-03T12:00:00Z"),
        ("20050103T120000+0100", "2005-01-03T11:00:00Z"),
        ("20050103T1200Z", "2005-01-03T12:00:00Z"),
        ("20050103T120000.5Z", "2005-01-03T12:00:00Z"),
    ])
    func reducedAndBasicISO(text: String, expected: String) {
        #expect(Self.iso(text) == expected, "\(text)")
    }

    @Test(arguments: [
        // asctime
        ("Sun Jan  4 16:29:06 2004", "2004-01-04T16:29:06Z"),
        ("Sun Jan 4 2004", "2004-01-04T00:00:00Z"),
        // Unix date
        ("Mon Jan 03 12:00:00 EST 2005", "2005-01-03T17:00:00Z"),
        ("Sun Jan 4 16:29:06 PST 2004", "2004-01-05T00:29:06Z"),
        // Twitter
        ("Wed Aug 27 17:00:00 +0000 2014", "2014-08-27T17:00:00Z"),
        // JavaScript's Date.toString()
        ("Thu Aug 30 2012 17:26:16 GMT+0200 (CEST)", "2012-08-30T15:26:16Z"),
        ("Thu Aug 30 2012 17:26:16 GMT+0200 (Central European Summer Time)", "2012-08-30T15:26:16Z"),
        ("Jun 10 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
    ])
    func monthFirstForms(text: String, expected: String) {
        #expect(Self.iso(text) == expected, "\(text)")
        #expect(RFC822Date.parse(text).map(ISO8601.formatUTC) == expected, "\(text)")
    }

    @Test(arguments: [
        ("Mon, 13 Feb, 2012 06:28:00 UTC", "2012-02-13T06:28:00Z"),
        // Unknown or ambiguous zones: the time as UTC rather than no date.
        ("Mon, 13 Feb 2012 06:28:00 IST", "2012-02-13T06:28:00Z"),
        // feedparser reads ET as EST (-5) in every season; it is EDT half the year.
        ("Mon, 13 Feb 2012 06:28:00 ET", "2012-02-13T06:28:00Z"),
        ("Mon, 13 Feb 2012 06:28:00 Etc/GMT", "2012-02-13T06:28:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 XYZ", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 America/New_York", "2003-06-10T04:00:00Z"),
        // Better than feedparser, kept: it reads CEST as UTC and GMT+2 not at all.
        ("Tue, 10 Jun 2003 06:00:00 CEST", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 06:00:00 GMT+2", "2003-06-10T04:00:00Z"),
    ])
    func commasAndUnknownZones(text: String, expected: String) {
        #expect(Self.iso(text) == expected, "\(text)")
    }

    /// Still nil: an impossible date, or one that is not wholly a date, is never guessed at
    /// (feedparser rolls `2003-13` over into 2004).
    @Test(arguments: [
        "2003-13", "2003-00", "2003-02-30", "20031301", "200", "2003-1", "20031", "Tue, Jun 2003",
        "Tue, 10 Jun 2003 04:00:00 GMT EST", "Sun Jan 4 16:29:06 2004 2005", "Sun Jan 4 16:29:06 PST",
        "2005-01-03T12:00:00 XYZ", "2005-01-03T12:00:00Zjunk",
    ])
    func stillUnread(text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }

    /// Of repeated date elements the last is taken, as feedparser does; an unreadable last one
    /// does not hide a readable one.
    @Test func theLastOfRepeatedDatesIsTaken() throws {
        let edition = try FeedTesting.decode(
            FeedTesting.rss(
                item: """
                    <title>a</title><link>https://site.example/a</link>
                    <pubDate>Sun, 05 May 2024 10:00:00 GMT</pubDate><pubDate>Mon, 06 May 2024 10:00:00 GMT</pubDate>
                    </item><item><title>b</title><link>https://site.example/b</link>
                    <dc:date>2024-05-05T10:00:00Z</dc:date><dc:date>2024-05-07T10:00:00Z</dc:date><dc:date>soon</dc:date>
                    """))
        let dates = edition.articles.map { $0.publishedAt.map(ISO8601.formatUTC) }
        #expect(dates == ["2024-05-06T10:00:00Z", "2024-05-07T10:00:00Z"])
    }
}
