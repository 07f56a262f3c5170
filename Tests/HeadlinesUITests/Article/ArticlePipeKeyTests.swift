import Foundation
import HeadlinesSession
import Testing
@testable import HeadlinesUI
import NewsCore
import HeadlinesKeys

/// `|`: a prompt on the status line that starts from `pipe-command`, takes typed keys (not the
/// key map's), and ends with Esc; and the text a command is given.
@Suite("Article pipe key", .timeLimit(.minutes(1)))
@MainActor
struct ArticlePipeKeyTests {
    @Test func barOpensAPromptThatTakesTheKeysAndEscCancelsIt() async throws {
        let (screen, host) = try await ArticleLinkKeyTests.screen()
        screen.services.settings.pipe = PipeSettings(command: "less")
        #expect(ArticleLinkKeyTests.handled(host.press(.character("|"), screen)))
        #expect(screen.capturesText)
        // j and q are letters of the command here, not "down" and "back".
        for key in [Key.character(" "), .character("-"), .character("j"), .character("q"), .backspace] {
            #expect(ArticleLinkKeyTests.handled(host.press(key, screen)))
        }
        #expect(ArticleLinkKeyTests.statusLine(screen).hasPrefix(" Pipe to: less -j▏  Enter runs · Esc cancels"))
        #expect(ArticleLinkKeyTests.handled(host.press(.escape, screen)))
        #expect(screen.pipePrompt == nil && !screen.capturesText)
        #expect(!ArticleLinkKeyTests.statusLine(screen).contains("Pipe to"))
    }

    @Test func aLongCommandShowsItsEnd() {
        var prompt = PipePrompt(article: ArticleViewTests.article(), id: nil, command: String(repeating: "a", count: 200) + "z")
        prompt.type(.character("!"))
        let text = prompt.statusText(width: 80)
        #expect(text.hasPrefix("Pipe to: …a") && text.hasSuffix("az!▏  Enter runs · Esc cancels"), "\(text)")
        #expect(TextWidth.of(text) <= 80 - 24)
    }

    @Test func theTextIsTitleLinkDateThenTheTextAsLaidOut() {
        let article = ArticleViewTests.article()
        let text = PipeText.text(article, format: .text, columns: 40)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(2) == ["Swift on the terminal: a headline that", "needs two lines"], "\(text)")
        #expect(lines[2] == ArticleViewTests.link)
        #expect(lines.contains("A short description."))
        // Laid out for 40 columns (the link line is the address whole), no trailing spaces.
        #expect(lines.enumerated().allSatisfy { ($0.offset == 2 || TextWidth.of($0.element) <= 40) && !$0.element.hasSuffix(" ") }, "\(text)")
        #expect(PipeText.text(article, format: .html, columns: 40) == "<p>A short description.</p>\n<p>" + (article.content ?? "") + "</p>\n")
    }
}
