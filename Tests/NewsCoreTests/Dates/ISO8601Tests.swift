import TestSupport
import Foundation
import Testing
@testable import NewsCore

@Suite("ISO8601")
struct ISO8601Tests {
    /// 2024-08-29T06:37:13Z
    static let base: TimeInterval = 1_724_913_433

    private func seconds(_ text: String) -> TimeInterval? { ISO8601.parse(text)?.timeIntervalSince1970 }

    // MARK: Zones

    @Test func zones() {
        #expect(seconds("2024-08-29T06:37:13Z") == Self.base)
        #expect(seconds("2024-08-29T08:37:13+02:00") == Self.base)
        #expect(seconds("2024-08-29T01:07:13-0530") == Self.base)
        #expect(seconds("2024-08-29T15:37:13+09") == Self.base)
        #expect(seconds("2024-08-29T06:37:13+00:00") == Self.base)
        #expect(seconds("2024-08-29T06:37:13-00:00") == Self.base)
        #expect(seconds("2024-08-29T01:07:13\u{2212}05:30") == Self.base)  // U+2212 MINUS SIGN
        #expect(seconds("2024-08-29T06:37:13") == Self.base)  // no zone: UTC
    }

    @Test func zoneCrossesTheDateLine() {
        #expect(seconds("2024-08-30T00:00:00+14:00") == 1_724_925_600)  // 2024-08-29T10:00:00Z
        #expect(seconds("2024-08-28T22:00:00-12:00") == 1_724_925_600)
    }

    // MARK: Fractions

    @Test func realNewsAPIFraction() throws {
        let date = try #require(ISO8601.parse("2024-08-29T06:37:13.3966463Z"))
        let interval = date.timeIntervalSince1970
        #expect(interval.rounded(.down) == Self.base)
        #expect(Int((interval * 1_000_000).rounded()) == 1_724_913_433_396_646)
    }

    @Test(arguments: [
        ("", 0), (".1", 100_000), (".12", 120_000), (".123", 123_000), (".1234", 123_400),
        (".12345", 123_450), (".123456", 123_456), (".1234567", 123_457), (".12345678", 123_457),
        (".123456789", 123_457), (",5", 500_000), (".999999", 999_999), (".0000001", 0),
    ])
    func fractionDigits(fraction: String, microseconds: Int) throws {
        let date = try #require(ISO8601.parse("2024-08-29T06:37:13\(fraction)Z"))
        #expect(Int((date.timeIntervalSince1970 * 1_000_000).rounded()) == 1_724_913_433_000_000 + microseconds)
    }

    @Test func digitsPastTheNinthAreIgnored() throws {
        // Date keeps about 0.1 µs here (it counts from 2001), so compare with the nine-digit form.
        let date = try #require(ISO8601.parse("1970-01-01T00:00:00.1234567899999Z"))
        #expect(date == ISO8601.parse("1970-01-01T00:00:00.123456789Z"))
        #expect(Int((date.timeIntervalSince1970 * 1e6).rounded()) == 123_457)
        let long = try #require(ISO8601.parse("2024-08-29T06:37:13.5" + String(repeating: "9", count: 1_000) + "Z"))
        #expect(long == ISO8601.parse("2024-08-29T06:37:13.599999999Z"))
    }

    // MARK: Lenient forms

    @Test func lenientForms() {
        #expect(seconds("2024-08-29t06:37:13z") == Self.base)
        #expect(seconds("2024-08-29 06:37:13Z") == Self.base)
        #expect(seconds("2024-08-29T06:37Z") == Self.base - 13)
        #expect(seconds("2024-08-29T06:37") == Self.base - 13)
        #expect(seconds("2024-08-29T08:37+02:00") == Self.base - 13)
        #expect(seconds("  2024-08-29T06:37:13Z  ") == Self.base)
    }

    @Test func leapDayAndLeapSecond() {
        #expect(seconds("2024-02-29T12:00:00Z") == 1_709_208_000)
        #expect(seconds("2000-02-29T00:00:00Z") == 951_782_400)  // divisible by 400: leap
        #expect(seconds("2016-12-31T23:59:60Z") == 1_483_228_799)  // a leap second reads as :59
    }

    @Test func epochAndBefore() {
        #expect(seconds("1970-01-01T00:00:00Z") == 0)
        #expect(seconds("1969-12-31T23:59:59.5Z") == -0.5)
        #expect(seconds("1900-03-01T00:00:00Z") == -2_203_891_200)
        #expect(seconds("0001-01-01T00:00:00Z") == -62_135_596_800)
    }

    // MARK: Invalid

    @Test(arguments: [
        "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2024-04-31T00:00:00Z",
        "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-32T00:00:00Z",
        "2024-08-29T24:00:00Z", "2024-08-29T23:60:00Z", "2024-08-29T23:59:61Z",
        "2024-08-29T06:37:13+24:00", "2024-08-29T06:37:13+05:60", "2024-08-29T06:37:13+5",
        "", " ", "garbage", "2024-08-29", "2024-08-29T", "2024-08-29T06", "2024-08-29T06:3",
        "2024-08-29T06:37:13Zjunk", "2024-08-29T06:37:13Z+01:00", "2024-08-29T06:37:13 x",
        "2024-08-29T06:37:13.Z", "2024-08-29T06:37:13.", "2024-08-29T06:37.5Z",
        "24-08-29T06:37:13Z", "2024/08/29T06:37:13Z", "2024-8-29T06:37:13Z", "2024-08-29X06:37:13Z",
        "+2024-08-29T06:37:13Z", "２０２４-08-29T06:37:13Z",
    ])
    func invalid(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    // MARK: Formatting

    @Test func formatUTC() {
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: Self.base)) == "2024-08-29T06:37:13Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: Self.base + 0.999)) == "2024-08-29T06:37:13Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: 1_709_208_000)) == "2024-02-29T12:00:00Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
    }

    /// A date no calendar holds (a hand-edited cache's 1e300) is written as the bound of 1e14
    /// seconds either side of 1970, and the status line that shows it does not trap.
    @Test(arguments: [(1e300, 1e14), (-1e300, -1e14), (.infinity, 1e14), (.nan, 0)])
    func formatClampsDatesNoCalendarHolds(_ seconds: Double, _ bound: Double) {
        let text = ISO8601.formatUTC(Date(timeIntervalSince1970: bound))
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: seconds)) == text)
        #expect(RetryAfter.describe(Date(timeIntervalSince1970: seconds), now: Date(timeIntervalSince1970: 0)) == text)
    }

    @Test func formatFloorsBeforeTheEpoch() {
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -86_400)) == "1969-12-31T00:00:00Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -86_400.25)) == "1969-12-30T23:59:59Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -2_203_891_200)) == "1900-03-01T00:00:00Z")
    }

    @Test func formatPadsYears() {
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -30_610_224_001)) == "0999-12-31T23:59:59Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: -59_042_908_801)) == "0099-01-01T23:59:59Z")
        #expect(ISO8601.formatUTC(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00Z")
    }

    // MARK: Calendar arithmetic

    @Test func civilConversionsAreInverse() {
        let broken = stride(from: -800_000, through: 800_000, by: 997).filter { days in
            let (year, month, day) = ISO8601.civilFromDays(days)
            return ISO8601.daysFromCivil(year: year, month: month, day: day) != days
                || !(1...12).contains(month) || day < 1 || day > ISO8601.daysInMonth(year: year, month: month)
        }
        #expect(broken == [])
        #expect(ISO8601.civilFromDays(0) == (1970, 1, 1))
        #expect(ISO8601.civilFromDays(-1) == (1969, 12, 31))
        #expect(ISO8601.civilFromDays(19_782) == (2024, 2, 29))
    }
}

/// Cross-checks against Foundation's `Date.ISO8601FormatStyle` on many seeded random dates.
@Suite("ISO8601 against Foundation")
struct ISO8601RoundTripTests {
    typealias SeededGenerator = SplitMix64

    static let range = -2_208_988_800..<4_102_444_800  // 1900 ..< 2100
    static let count = 2_000

    /// Runs `check` on `count` seeded random values and reports the first few mismatches only.
    private func mismatches(seed: UInt64, _ check: (inout SeededGenerator) throws -> String?) rethrows -> [String] {
        var random = SeededGenerator(seed: seed)
        var found: [String] = []
        for _ in 0..<Self.count {
            if let mismatch = try check(&random) { found.append(mismatch) }
        }
        return Array(found.prefix(5))
    }

    @Test func formatMatchesFoundation() {
        let style = Date.ISO8601FormatStyle()
        let found = mismatches(seed: 1) { random in
            let whole = Double(Int.random(in: Self.range, using: &random))
            let fraction = Double(Int.random(in: 0..<1000, using: &random)) / 1000
            let expected = style.format(Date(timeIntervalSince1970: whole))
            let plain = ISO8601.formatUTC(Date(timeIntervalSince1970: whole))
            let fractional = ISO8601.formatUTC(Date(timeIntervalSince1970: whole + fraction))
            return plain == expected && fractional == expected ? nil : "\(whole)+\(fraction): \(plain), \(fractional) != \(expected)"
        }
        #expect(found == [])
    }

    @Test func parseMatchesFoundationWithFractions() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let found = try mismatches(seed: 2) { random in
            let whole = Int.random(in: Self.range, using: &random)
            let milliseconds = Int.random(in: 0..<1000, using: &random)
            let text = style.format(Date(timeIntervalSince1970: Double(whole) + Double(milliseconds) / 1000))
            let theirs = try style.parse(text).timeIntervalSince1970
            guard let ours = ISO8601.parse(text)?.timeIntervalSince1970 else { return "\(text): nil" }
            return abs(ours - theirs) < 1e-6 ? nil : "\(text): \(ours) != \(theirs)"
        }
        #expect(found == [])
    }

    @Test func parseMatchesFoundationWithOffsets() throws {
        let found = try mismatches(seed: 3) { random in
            let whole = Int.random(in: Self.range, using: &random)
            let offset = Int.random(in: -48...56, using: &random) * 15 * 60  // -12:00 ... +14:00 in quarter hours
            let zone = try #require(TimeZone(secondsFromGMT: offset))
            let text = Date.ISO8601FormatStyle(timeZone: zone).format(Date(timeIntervalSince1970: Double(whole)))
            let ours = ISO8601.parse(text)?.timeIntervalSince1970
            return ours == Double(whole) ? nil : "\(text): \(String(describing: ours)) != \(whole)"
        }
        #expect(found == [])
    }

    /// Strict RFC 3339 date-times, as FoundationEssentials reads them (the `.iso8601` strategy of
    /// its `JSONDecoder` and `Date.ISO8601FormatStyle`): ours reads each to the same instant.
    /// The table covers each zone form, fractions, leap days, the last year it takes and the
    /// epoch's edges. (Not dates before 1582: Foundation's calendar is Julian there, RFC 3339's and
    /// ours proleptic Gregorian, so `0001-01-01T00:00:00Z` is two days apart.)
    static let strictDateTimes = [
        "1985-04-12T23:20:50Z", "1985-04-12T23:20:50.52Z", "1996-12-19T16:39:57-08:00",
        "1937-01-01T12:00:27.87+00:20", "2024-02-29T00:00:00Z", "2000-02-29T12:34:56+05:45",
        "1900-03-01T00:00:00Z", "1999-12-31T23:59:59.999Z", "2026-12-01T15:12:42.123456Z",
        "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2024-06-30T23:59:59+14:00",
        "2024-01-01T00:00:00-12:00", "2038-01-19T03:14:08Z", "2099-12-31T23:59:59-00:00",
        "2024-08-29T06:37:13.3966463Z", "2024-08-29T08:00:00+02:00", "1583-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
    ]

    @Test(arguments: strictDateTimes)
    func strictRFC3339AgreesWithISO8601FormatStyle(_ text: String) throws {
        let theirs = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        let ours = try #require(ISO8601.parse(text), "\(text)")
        #expect(abs(ours.timeIntervalSince1970 - theirs.timeIntervalSince1970) < 1e-6, "\(text): \(ours) != \(theirs)")
    }

    @Test func roundTripsItsOwnFormat() {
        let found = mismatches(seed: 4) { random in
            let whole = Int.random(in: -62_135_596_800..<253_402_300_800, using: &random)  // 0001 ... 9999
            let text = ISO8601.formatUTC(Date(timeIntervalSince1970: Double(whole)))
            let parsed = ISO8601.parse(text)?.timeIntervalSince1970
            return parsed == Double(whole) ? nil : "\(text): \(String(describing: parsed)) != \(whole)"
        }
        #expect(found == [])
    }
}
