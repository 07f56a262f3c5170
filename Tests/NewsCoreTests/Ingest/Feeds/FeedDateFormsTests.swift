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
        "2003-13", "2003-00", "2003-02-30", "20031301", "200", "2003-1", "Tue, Jun 2003",
        "Tue, 10 Jun 2003 04:00:00 GMT EST", "Sun Jan 4 16:29:06 2004 2005", "Sun Jan 4 16:29:06 PST",
        "2005-01-03T12:00:00 XYZ", "2005-01-03T12:00:00Zjunk",
    ])
    func stillUnread(text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }

    /// Issue 30: the US zones without their season as standard time, as feedparser reads them
    /// (feedparser's `_parse_date_rfc822` cases): within an hour, where UTC is hours off.
    @Test(arguments: [
        ("Mon, 26 January 2004 16:31:00 AT", "2004-01-26T20:31:00Z"),
        ("Mon, 26 January 2004 16:31:00 ET", "2004-01-26T21:31:00Z"),
        ("Mon, 26 January 2004 16:31:00 CT", "2004-01-26T22:31:00Z"),
        ("Mon, 26 January 2004 16:31:00 MT", "2004-01-26T23:31:00Z"),
        ("Mon, 26 January 2004 16:31:00 PT", "2004-01-27T00:31:00Z"),
    ])
    func usZoneLetters(text: String, expected: String) {
        #expect(Self.iso(text) == expected, "\(text)")
    }

    /// Issue 30: ISO 8601's truncated and ordinal forms and the near-misses feedparser reads.
    @Test(arguments: [
        ("031231", "2003-12-31T00:00:00Z"),
        ("03-12-31", "2003-12-31T00:00:00Z"),
        ("-0312", "2003-12-01T00:00:00Z"),
        ("-03-12", "2003-12-01T00:00:00Z"),
        ("03335", "2003-12-01T00:00:00Z"),
        ("2005-001", "2005-01-01T00:00:00Z"),
        ("2004-366", "2004-12-31T00:00:00Z"),
        ("2003-012-31T10:14:55+00:00", "2003-12-31T10:14:55Z"),
        ("2005-1-3T12:00:00Z", "2005-01-03T12:00:00Z"),
        ("2005-01-03T24:00Z", "2005-01-04T00:00:00Z"),
        ("2005-01-03T12:00:00.Z", "2005-01-03T12:00:00Z"),
        ("2005-01-03T12:35:9+01:00", "2005-01-03T11:35:09Z"),
        ("2005-01-03T12:35:09+0100", "2005-01-03T11:35:09Z"),
    ])
    func truncatedAndOrdinalISO(text: String, expected: String) {
        #expect(Self.iso(text) == expected, "\(text)")
    }

    /// Issue 30: Greek names (feedparser's `_parse_date_greek`) and Perforce's form.
    @Test(arguments: [
        ("\u{039a}\u{03c5}\u{03c1}, 11 \u{0399}\u{03bf}\u{03cd}\u{03bb} 2004 12:00:00 EST", "2004-07-11T17:00:00Z"),
        ("Σαβ, 10 Ιαν 2004 12:00:00 GMT", "2004-01-10T12:00:00Z"),
        ("Fri, 2006/09/15 08:19:53 EDT", "2006-09-15T12:19:53Z"),
        ("2006/09/15 08:19:53 EDT", "2006-09-15T12:19:53Z"),
    ])
    func greekAndPerforce(text: String, expected: String) {
        #expect(Self.iso(text) == expected, "\(text)")
    }

    /// Refused where feedparser is wrong (see `ISO8601Truncated`): a week date and a slashed
    /// date alone it reads as 1 December, epoch seconds as a year, impossible dates rolled over.
    @Test(arguments: ["2005-W01-1", "2005/01/03", "1104753600", "2005-02-30T12:00:00Z", "2005-366", "2005-1", "2005-01-03T24:01Z"])
    func refusedWhereFeedparserIsWrong(text: String) {
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
