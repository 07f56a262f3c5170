import FoundationEssentials
import NewsCore
import HeadlinesSession

extension HandOff {
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
        let downloads = services.downloads
        let player = services.settings.player
        context.scope.run(.player) { token in
            var outcome = Notice(notDownloaded, kind: .error)
            do {
                if let file = try await downloads.enclosureFile(of: enclosure.url, id: id), FileManager.default.fileExists(atPath: file.path) {
                    outcome = Notice("Played \(file.lastPathComponent).")
                    if let failure = await handingOverTerminal(
                        context,
                        { () async throws(CommandPipe.Failure) in
                            try await PlayerCommand.run(PlayerCommand.arguments(player, file: file))
                        })
                    {
                        outcome = Notice(failure, kind: .error)
                    } else if let id {
                        await downloads.notePlayed(id)  // the lists' mark says so
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

extension TaskKey {
    /// A player started by `P`.
    fileprivate static let player = TaskKey("player")
}
