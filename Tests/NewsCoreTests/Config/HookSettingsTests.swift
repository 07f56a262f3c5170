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

    @Test func playerIsMpvUnlessSetAndSplitAsTheBrowserIs() throws {
        #expect(try ConfigFixture.parse("timeout = 5").settings.player == ["mpv", "%f"])
        #expect(try ConfigFixture.parse("player = mpv --no-video %f").settings.player == ["mpv", "--no-video", "%f"])
        #expect(try ConfigFixture.parse("player = vlc -I dummy").settings.player == ["vlc", "-I", "dummy"])
        #expect(ConfigFixture.error(#"player = "  ""#)?.reason == "player names no program")
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

extension HookSettingsTests {
    @Test func pipeCommandIsKeptAsWrittenAndSplitAsTheBrowserIs() throws {
        #expect(try ConfigFixture.parse("timeout = 5").settings.pipe == PipeSettings())
        #expect(try ConfigFixture.parse(#"pipe-command = "less -R""#).settings.pipe.command == "less -R")
        #expect(try CommandWords.split(#"tee "/tmp/a file" -a"#) == ["tee", "/tmp/a file", "-a"])
        #expect(ConfigFixture.error(#"pipe-command = "  ""#)?.reason == "pipe-command names no program")
        #expect(throws: CommandWords.SplitError.self) { try CommandWords.split(#"less "unclosed"#) }
    }

    @Test func pipeFormatIsTextOrHTML() throws {
        #expect(try ConfigFixture.parse("pipe-format = html").settings.pipe.format == .html)
        #expect(try ConfigFixture.parse("pipe-format = Text").settings.pipe.format == .text)
        #expect(ConfigFixture.error("pipe-format = pdf")?.reason == #"pipe-format is text or html, not "pdf""#)
    }

    @Test func theHTMLIsTheBodyOrTheTextEscaped() {
        let html = Article(title: "T", url: nil, body: .html("<p>Hi <b>there</b></p>"))
        #expect(ArticleHTML.text(html) == "<p>Hi <b>there</b></p>")
        let text = Article(title: "T", description: "1 < 2 & more", url: nil, content: "Second")
        #expect(ArticleHTML.text(text) == "<p>1 &lt; 2 &amp; more</p>\n<p>Second</p>")
    }
}
