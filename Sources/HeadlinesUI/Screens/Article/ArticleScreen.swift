import Foundation
import NewsCore

/// One article, wrapped to the width. On open it fetches the article's image (with a progress
/// bar) to show its type, pixel size and byte size; closing the screen cancels that fetch.
@MainActor
public final class ArticleScreen: Screen {
    public let kind = ScreenKind.article
    public private(set) var state: ArticleState
    private let services: AppServices
    private var layout = ArticleLayout(width: 0, height: 0)
    private var lineCount = 0
    private var hints = ArticleView.defaultHints

    nonisolated public static let hintedActions: [Action] = [.down, .openInBrowser, .saveImage, .back]

    public init(article: Article, services: AppServices) {
        self.services = services
        state = ArticleState(article: article)
    }

    public func didAppear(_ context: ScreenContext) {
        hints = context.hints(Self.hintedActions, on: kind)
        guard let url = state.article.imageURL else { return }
        let loader = services.imageLoader
        context.scope.run(
            .image,
            work: { report in try await loader.load(url, progress: report) },
            progress: { [weak self] (progress: TransferProgress) in
                self?.state.imageProgress(progress)
                context.setNeedsDisplay()
            },
            apply: { [weak self] result in
                context.scope.cancel(.spinner)
                switch result {
                case .success(let info): self?.state.imageLoaded(info)
                case .failure(let error): self?.state.imageFailed(ErrorText.sentence(error))
                }
                context.setNeedsDisplay()
            }
        )
        context.startTicker(.spinner) { [weak self] in self?.state.advanceTick() }
    }

    public func render(into canvas: inout Canvas) {
        layout = ArticleLayout(canvas)
        var view = ArticleView(state: state, layout: layout)
        let lines = view.lines()
        lineCount = lines.count
        state.clamp(lineCount: lineCount, rows: layout.bodyRows)
        view.state = state
        view.downloadsSummary = DownloadsText.summary(services.downloads)
        view.keyHints = hints
        view.render(lines, into: &canvas)
    }

    public func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            state.scroll(movement, lineCount: lineCount, rows: layout.bodyRows)
            return .handled
        }
        switch action {
        case .openInBrowser:
            Actions.openInBrowser(state.article, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        case .saveImage:
            state.show(DownloadsText.refusal(services.downloads.save(state.article)))
        case .downloads:
            return .push(DownloadsScreen(services: services))
        default:
            return .ignored
        }
        return .handled
    }
}
