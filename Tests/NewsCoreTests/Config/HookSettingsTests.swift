import Foundation
import Testing
@testable import NewsCore

/// The settings that hand articles and links to other programs: each is split into words
/// here, once, and never reaches a shell.
@Suite("Hook settings")
struct HookSettingsTests {
    @Test func browserIsSplitIntoWords() throws {
        #expect(try ConfigFixture.parse("timeout = 5").settings.browser == nil)
        #expect(try ConfigFixture.parse(#"browser = "w3m %u""#).settings.browser == ["w3m", "%u"])
        #expect(try ConfigFixture.parse("browser = lynx -dump %u").settings.browser == ["lynx", "-dump", "%u"])
        #expect(try ConfigFixture.parse("browser = w3m").settings.browser == ["w3m"])
    }

    @Test func aBrowserWithoutAProgramIsAnError() {
        #expect(ConfigFixture.error(#"browser = "  ""#)?.reason == "browser names no program")
    }
}

extension HookSettingsTests {
    @Test func setTitleIsYesOrNo() throws {
        #expect(try ConfigFixture.parse("timeout = 5").settings.setTitle == false)
        #expect(try ConfigFixture.parse("set-title = yes").settings.setTitle)
        #expect(try ConfigFixture.parse("set-title = no").settings.setTitle == false)
        #expect(ConfigFixture.error("set-title = maybe")?.reason == #"set-title is yes or no, not "maybe""#)
    }
}
