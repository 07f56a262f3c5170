import NewsCore
import HeadlinesSession

/// `x`: the article's own page read into the screen in place of the feed's summary, kept in the
/// cache (so it reads offline, and `S` finds its words); again, the feed's text. The reading is
/// the screen's task: leaving the article cancels it.
extension ArticleScreen {
    func fullText(_ context: ScreenContext) {
        if state.article.fullText != nil {
            state.toggleFullText()
            parts.replaceText(of: state.shownArticle)
            return
        }
        guard !state.readsFullText else { return }
        guard let url = state.article.url, !url.isFileURL else {
            state.show(Notice("This article has no page to read its full text from.", kind: .error))
            return
        }
        guard let reader = services.library.fullTextReader else {
            state.show(Notice("Full texts cannot be read in this session.", kind: .error))
            return
        }
        state.fullTextStarted()
        context.startTicker(.fullTextClock, every: .milliseconds(250)) { [weak self] in self?.state.advanceTick() }
        let id = row.id
        context.scope.run(
            .fullText,
            work: { () async throws -> (FullText, keepFailure: String?) in
                let fullText = try await reader.read(url)
                guard let id else { return (fullText, nil) }
                do {
                    try await reader.keep(fullText, for: id)
                    return (fullText, nil)
                } catch {
                    return (fullText, ErrorText.sentence(error))  // shown all the same, and said
                }
            }
        ) { [weak self] result in
            context.scope.cancel(.fullTextClock)
            guard let self else { return }
            switch result {
            case .success(let (fullText, keepFailure)):
                self.state.fullTextRead(fullText)
                if let keepFailure { self.state.show(Notice("The full text could not be kept in the cache: " + keepFailure, kind: .error)) }
                self.row.article.fullText = fullText
                self.parts.replaceText(of: self.state.shownArticle)
                self.services.library.fullTextsChanged()
            case .failure(let error):
                self.state.fullTextFailed(ErrorText.sentence(error))
            }
            context.setNeedsDisplay()
        }
    }
}
