import Foundation
import NewsCore

/// The list of headlines. It loads itself when it opens, reloads on `r` (the running load is
/// cancelled and the new one wins), and keeps the list on a failure.
@MainActor
public final class HeadlinesScreen: Screen {
    public let kind = ScreenKind.headlines
    public private(set) var state: HeadlinesState
    private let services: AppServices
    private var layout = ListLayout(width: 0, height: 0)

    nonisolated public static let hintedActions: [Action] = [.read, .reload, .openInBrowser, .saveImage, .help, .back]

    public init(services: AppServices) {
        self.services = services
        state = HeadlinesState(sourceName: services.source.name)
    }

    public func didAppear(_ context: ScreenContext) {
        hints = context.hints(Self.hintedActions, on: kind)
        reload(context)
        state.show(services.startupNotice)
    }

    /// Starts a load; a load already running is cancelled (its connection closed) first.
    public func reload(_ context: ScreenContext) {
        state.beginLoad()
        let source = services.source
        let now = services.now
        context.scope.run(.load, work: { try await source.fetch() }) { [weak self] result in
            guard let self else { return }
            context.scope.cancel(.spinner)
            switch result {
            case .success(let edition): self.state.finishLoad(edition, at: now())
            case .failure(let error) where error is CancellationError: self.state.abandonLoad()
            case .failure(let error): self.state.failLoad(ErrorText.sentence(error))
            }
            context.setNeedsDisplay()
        }
        context.startTicker(.spinner) { [weak self] in self?.state.tick() }
        context.setNeedsDisplay()
    }

    public func render(into canvas: inout Canvas) {
        layout = ListLayout(canvas)
        state.fit(rows: layout.bodyRows)
        var view = HeadlinesView(state: state, layout: layout, now: services.now())
        view.isFallbackDemo = services.isFallbackDemo
        view.downloadsSummary = DownloadsText.summary(services.downloads)
        view.downloadsFirst = services.downloads.isQuitting
        view.keyHints = hints
        view.render(into: &canvas)
    }

    private var hints = HeadlinesView.defaultHints

    public func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        // A notice lasts until the next key; the actions below set a new one when they have one.
        state.show(nil)
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            state.move(movement)
            return .handled
        }
        switch action {
        case .reload: reload(context)
        case .read:
            guard let article = state.selectedArticle else { return .ignored }
            return .push(ArticleScreen(article: article, services: services))
        case .openInBrowser:
            guard let article = state.selectedArticle else { return .ignored }
            Actions.openInBrowser(article, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        case .saveImage:
            guard let article = state.selectedArticle else { return .ignored }
            state.show(DownloadsText.refusal(services.downloads.save(article)))
        case .saveAllImages:
            state.show(DownloadsText.refusal(services.downloads.saveAll(state.articles)))
            return .push(DownloadsScreen(services: services))
        case .downloads:
            return .push(DownloadsScreen(services: services))
        default:
            return .ignored
        }
        return .handled
    }
}
