import FoundationEssentials
import NewsCore
import HeadlinesSession

/// The article handed to another program (the browser, a player, a pipe), from the headlines,
/// the article and the search screens.
@MainActor
enum HandOff {
    /// Opens the article in the browser. A terminal browser gets the terminal while it runs.
    /// An article without a link (an announcement, a podcast episode) says so instead.
    static func openInBrowser(
        _ article: Article, services: AppServices, context: ScreenContext, report: @escaping @MainActor (Notice?) -> Void
    ) {
        guard let url = article.url else {
            report(Notice(noLink, kind: .error))
            return
        }
        openInBrowser(url, services: services, context: context, report: report)
    }

    static let noLink = "This article has no link to open."

    /// Opens `url` (a link of the article's text) the same way: one argument, no shell.
    static func openInBrowser(
        _ url: URL, services: AppServices, context: ScreenContext, report: @escaping @MainActor (Notice?) -> Void
    ) {
        let command = BrowserCommand.resolve(for: url, environment: services.environment, configured: services.settings.browser)
        context.scope.run(.browser) { token in
            var outcome: Notice?
            let launch: () async -> Void = {
                do {
                    let status = try await BrowserLauncher.run(command)
                    outcome =
                        status == 0
                        ? Notice("Opened " + url.absoluteString)
                        : Notice("The browser exited with status \(status).", kind: .error)
                } catch {
                    outcome = Notice(ErrorText.sentence(error), kind: .error)
                }
            }
            if command.runsInTerminal {
                await context.withTerminalSuspended(launch)
            } else {
                await launch()
            }
            context.scope.update(token) { report(outcome) }
            context.setNeedsDisplay()
        }
    }
}
