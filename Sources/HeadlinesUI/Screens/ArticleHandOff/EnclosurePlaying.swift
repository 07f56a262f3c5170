import FoundationEssentials
import NewsCore
import HeadlinesSession

extension Actions {
    static let notDownloaded = "Not downloaded yet: press e first."

    /// `p`: plays the article's downloaded enclosure with `player`, which has the terminal while
    /// it runs. The file is the one this session downloaded, else the one the cache noted; one
    /// that is gone since is as good as never downloaded.
    static func playEnclosure(
        _ article: Article, id: ArticleID?, services: AppServices, context: ScreenContext,
        report: @escaping @MainActor (Notice?) -> Void
    ) {
        guard let enclosure = article.enclosure else {
            report(DownloadsText.refusal(.noEnclosure))
            return
        }
        // This session's download is known at once; the cache's note of it may still be on its way.
        let downloaded = services.downloads.downloadedFile(of: enclosure.url)
        let store = services.library.store
        let library = services.library
        let player = services.player
        context.scope.run(.player) { token in
            var outcome = Notice(notDownloaded, kind: .error)
            do {
                var file = downloaded
                if file == nil, let id { file = try await store.savedEnclosure(of: id)?.file }
                if let file, FileManager.default.fileExists(atPath: file.path) {
                    outcome = Notice("Played \(file.lastPathComponent).")
                    if let failure = await handingOverTerminal(
                        context,
                        { () async throws(CommandPipe.Failure) in
                            try await PlayerCommand.run(PlayerCommand.arguments(player, file: file))
                        })
                    {
                        outcome = Notice(failure, kind: .error)
                    } else if let id {
                        // Played: the lists' mark says so (a cache that cannot be written keeps the mark as it was).
                        try? await store.recordPlayed(id)
                        library.enclosuresChanged()
                    }
                }
            } catch {
                outcome = Notice(ErrorText.sentence(error), kind: .error)
            }
            context.scope.update(token) { report(outcome) }
            context.setNeedsDisplay()
        }
    }
}
