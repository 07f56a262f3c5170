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
        let library = services.library
        let folder = services.downloads.folder
        let home = services.downloads.homeDirectory
        context.scope.run(
            .articleSave,
            work: { () async throws -> URL in
                try ArticleFile.save(try await library.whole(article, id: id, fullText: fullText), in: folder)
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
}
