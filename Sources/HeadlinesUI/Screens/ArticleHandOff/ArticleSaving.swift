import FoundationEssentials
import NewsCore
import HeadlinesSession

extension Actions {
    /// `s`: the article as a Markdown file in the save folder, read whole from the cache first
    /// (a list's row may hold only its heading). The file is written off the main actor.
    static func saveArticle(
        _ article: Article, id: ArticleID?, fullText: Bool = true, services: AppServices, context: ScreenContext,
        report: @escaping @MainActor (Notice) -> Void
    ) {
        let store = services.library.store
        let folder = services.downloads.folder
        let home = services.downloads.homeDirectory
        context.scope.run(
            .articleSave,
            work: { () async throws -> URL in
                try ArticleFile.save(try await Actions.whole(article, id: id, store, fullText: fullText), in: folder)
            },
            apply: { result in
                switch result {
                case .success(let file): report(Notice("Saved to " + DownloadsText.displayPath(file, home: home), kind: .success))
                case .failure(let error): report(Notice(ErrorText.sentence(error), kind: .error))
                }
                context.setNeedsDisplay()
            }
        )
    }

    /// The article as the cache holds it (nil `id`, or pruned meanwhile: as given), with the full
    /// text read from its page in place of the feed's when there is one and `fullText` (the
    /// article screen's `x` may have put it aside; a list's row, which carries none, gets it).
    nonisolated static func whole(_ article: Article, id: ArticleID?, _ store: ArticleStore, fullText: Bool = true) async throws -> Article {
        guard let id, let stored = try await store.article(id) else { return article }
        return fullText ? stored.article.readingFullText : stored.article.readingFeedText
    }
}
