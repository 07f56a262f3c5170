import Foundation
import Testing
@testable import NewsCore

/// A setting or colour given twice: the later line wins, as in newsboat (an override appended
/// at the end of the file is a habit), noted with its line; it stopped the start with exit 2
/// (issue 51). An earlier line that is wrong is still an error.
@Suite("Config: a setting given again")
struct ConfigRepeatTests {
    @Test func theLaterLineWinsAndIsNoted() throws {
        let config = try ConfigFixture.parse("max-items = 50\nshow-read = no\ncolor list red default\nmax-items = 200\ncolor list blue default\n")
        #expect(config.settings.maxItems == 200)
        #expect(config.colours[.list]?.line == 5)
        #expect(config.notes.map(\.line) == [4, 5])
        #expect(config.notes.first?.text == "max-items is set again (first on line 1); this later line wins")
    }

    @Test func aWrongEarlierLineIsStillAnError() {
        #expect(ConfigFixture.error("timeout = soon\ntimeout = 6")?.line == 1)
    }
}
