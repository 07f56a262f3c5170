import Testing

@testable import NewsCore

/// What an element's class and id say, word by word: prefixes, whole words, camel case.
@Suite struct BoilerplateNamesTests {
    @Test(arguments: [
        ("comment-list", BoilerplateNames.Verdict.boilerplate), ("commentList", .boilerplate), ("ad", .boilerplate), ("ads", .boilerplate),
        ("shadow", .neutral), ("header", .unlikely), ("headers-x", .neutral), ("site-footer", .unlikely), ("article-body", .content),
        ("articleBody", .content), ("sidebar article", .neutral), ("ShareBar content", .boilerplate), ("", .neutral), ("größe", .neutral),
        ("print", .unlikely), ("printable", .neutral), ("x_post", .content),
    ])
    func verdicts(_ names: String, _ expected: BoilerplateNames.Verdict) {
        #expect(BoilerplateNames.verdict(names) == expected, "\(names)")
    }

    @Test func wordsAreCutAtSignsAndBeforeCapitals() {
        #expect(BoilerplateNames.words("articleBody main_text--2x") == ["article", "body", "main", "text", "2x"])
        #expect(BoilerplateNames.words("ÜberSicht") == ["ber", "sicht"])
    }

    @Test func commentsAreSaid() {
        #expect(BoilerplateNames.saysComments("post disqus-thread"))
        #expect(BoilerplateNames.saysComments("repliesBox"))
        #expect(!BoilerplateNames.saysComments("share related"))
    }
}
