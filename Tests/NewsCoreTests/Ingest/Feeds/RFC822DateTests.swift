import Foundation
import Testing
@testable import NewsCore

/// RSS dates in every form feeds are seen to send, each against the instant it means.
@Suite("RFC822Date")
struct RFC822DateTests {
    private static func iso(_ date: Date?) -> String? { date.map(ISO8601.formatUTC) }

    @Test(arguments: [
        // The standard form and its zones.
        ("Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 UT", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 UTC", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 Z", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 +0000", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 -0000", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 06:00:00 +0200", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 09:30:00 +0530", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 06:00:00 +02:00", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 23:00:00 -0500", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 06:00:00 +02", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 06:00:00 GMT+0200", "2003-06-10T04:00:00Z"),
        // North American zones.
        ("Mon, 09 Jun 2003 23:00:00 EST", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 00:00:00 EDT", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 22:00:00 CST", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 23:00:00 CDT", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 21:00:00 MST", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 22:00:00 MDT", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 20:00:00 PST", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 21:00:00 PDT", "2003-06-10T04:00:00Z"),
        ("Mon, 09 Jun 2003 21:00:00 pdt", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 06:00:00 CEST", "2003-06-10T04:00:00Z"),
        // Military letters: RFC 1123 says they carry no information, RFC 2822 reads them as UTC.
        ("Tue, 10 Jun 2003 04:00:00 A", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 M", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 N", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 Y", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 J", "2003-06-10T04:00:00Z"),  // "local time": no information either
        // Two- and three-digit years (RFC 2822 §4.3).
        ("Tue, 10 Jun 03 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Thu, 10 Jun 99 04:00:00 GMT", "1999-06-10T04:00:00Z"),
        ("Sat, 10 Jun 49 04:00:00 GMT", "2049-06-10T04:00:00Z"),
        ("Sat, 10 Jun 50 04:00:00 GMT", "1950-06-10T04:00:00Z"),
        ("Tue, 10 Jun 103 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        // No seconds, no weekday, a wrong weekday, one-digit day and hour, other spellings.
        ("Tue, 10 Jun 2003 04:00 GMT", "2003-06-10T04:00:00Z"),
        ("10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Fri, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Tue, 3 Jun 2003 04:00:00 GMT", "2003-06-03T04:00:00Z"),
        ("Tue, 10 Jun 2003 4:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Tuesday, 10 June 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Sept 2003 04:00:00 GMT", "2003-09-10T04:00:00Z"),
        ("Tue,10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("  Tue, 10  Jun  2003 04:00:00 GMT \n", "2003-06-10T04:00:00Z"),
        ("TUE, 10 JUN 2003 04:00:00 gmt", "2003-06-10T04:00:00Z"),
        ("Tue, 10-Jun-2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00.123 GMT", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 +0000 (UTC)", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00", "2003-06-10T04:00:00Z"),  // no zone: UTC, as ISO8601.parse
        ("Tue, 10 Jun 2003", "2003-06-10T00:00:00Z"),
        // A leap second and the ends of the calendar.
        ("Wed, 31 Dec 2008 23:59:60 GMT", "2008-12-31T23:59:59Z"),
        ("Thu, 29 Feb 2024 12:00:00 GMT", "2024-02-29T12:00:00Z"),
        ("Thu, 01 Jan 1970 00:00:00 GMT", "1970-01-01T00:00:00Z"),
    ])
    func readsForm(text: String, expected: String) {
        #expect(Self.iso(RFC822Date.parse(text)) == expected, "\(text)")
    }

    @Test(arguments: [
        "", "   ", "yesterday", "Tue, 10 Foo 2003 04:00:00 GMT", "Tue, 32 Jun 2003 04:00:00 GMT",
        "Fri, 29 Feb 2023 04:00:00 GMT", "Tue, 31 Jun 2003 04:00:00 GMT", "Tue, 10 Jun 2003 24:00:00 GMT",
        "Tue, 10 Jun 2003 04:60:00 GMT", "Tue, 10 Jun 2003 04:00:61 GMT",
        "Tue, 10 Jun 2003 04:00:00 +2500", "Tue, 10 Jun 2003 04:00:00 +00000",
        "Tue, 10 Jun 2003 04:00:00 GMT trailing", "Tue, 10 Jun 2003 4 GMT", "Tue, 10 Jun 2003 04:0 GMT",
        "2003-06-10T04:00:00Z", "Blursday, 10 Jun 2003 04:00:00 GMT", "Tue, Jun 2003",
    ])
    func refusesWhatItCannotRead(text: String) {
        #expect(RFC822Date.parse(text) == nil, "\(text)")
    }

    @Test(arguments: [
        ("Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("2003-06-10T06:00:00+02:00", "2003-06-10T04:00:00Z"),
        ("2003-06-10T04:00:00.25Z", "2003-06-10T04:00:00Z"),
        ("2003-06-10 04:00:00Z", "2003-06-10T04:00:00Z"),
        ("2003-06-10", "2003-06-10T00:00:00Z"),
        (" \n2003-06-10T04:00:00Z\t", "2003-06-10T04:00:00Z"),
    ])
    func feedDatesFallBackToISO8601(text: String, expected: String) {
        #expect(Self.iso(FeedDate.parse(text)) == expected, "\(text)")
    }

    @Test(arguments: ["", "soon", "2003-06-10T25:00:00Z", "2003-13-10", "10/06/2003", "2003-6"])
    func feedDatesThatCannotBeReadAreNil(text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }
}
