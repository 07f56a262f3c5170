import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

extension HandOff {
    /// `|`, once its prompt is answered: the article, read whole from the cache, piped to the
    /// typed command as `pipe-format` says. The command has the terminal while it runs (`less`
    /// works); how it failed is one sentence in the status bar.
    static func pipeArticle(
        _ prompt: PipePrompt, columns: Int, services: AppServices, context: ScreenContext,
        report: @escaping @MainActor (Notice?) -> Void
    ) {
        let words: [String]
        do {
            words = try CommandWords.split(prompt.command)
        } catch {
            report(Notice(error.message, kind: .error))
            return
        }
        guard let program = words.first, !program.isEmpty else {
            report(Notice("Type a command to pipe the article to.", kind: .error))
            return
        }
        let library = services.library
        let format = services.settings.pipe.format
        context.scope.run(.articlePipe) { token in
            var outcome = Notice("Piped the article to \(program.split(separator: "/").last.map(String.init) ?? program).")
            do {
                let whole = try await library.whole(prompt.article, id: prompt.id, fullText: prompt.fullText)
                let input = Data(PipeText.text(whole, format: format, columns: columns).utf8)
                if let failure = await handingOverTerminal(
                    context,
                    { () async throws(CommandPipe.Failure) in
                        try await CommandPipe.run(words, input: input, name: words[0], role: "command")
                    })
                {
                    outcome = Notice(failure, kind: .error)
                }
            } catch {
                outcome = Notice(ErrorText.sentence(error), kind: .error)
            }
            context.scope.update(token) { report(outcome) }
            context.setNeedsDisplay()
        }
    }
}

extension HandOff {
    /// A key while `|`'s prompt is up (Enter and Esc come as actions; typing as keys, see `PipePrompt.type`).
    static func answer(
        _ prompt: inout PipePrompt?, _ action: Action, columns: Int, services: AppServices, context: ScreenContext,
        report: @escaping @MainActor (Notice?) -> Void
    ) -> KeyOutcome {
        guard let asked = prompt else { return .ignored }
        switch PipePrompt.answer(action) {
        case .run:
            prompt = nil
            pipeArticle(asked, columns: columns, services: services, context: context, report: report)
        case .cancel: prompt = nil
        case .edit: break
        }
        return .handled
    }
}

extension TaskKey {
    /// Piping the article to a command (`|`).
    fileprivate static let articlePipe = TaskKey("article-pipe")
}
