import Foundation
import NewsCore

/// One article, wrapped to the width. On open it fetches the article's image (with a progress
/// bar) to show its type, pixel size and byte size; closing the screen cancels that fetch.
@MainActor
public final class ArticleScreen: Screen {
    public private(set) var state: ArticleState
    private let services: AppServices
    private var pageRows = 10

    public init(article: Article, services: AppServices) {
        self.services = services
        state = ArticleState(article: article)
    }

    public func didAppear(_ context: ScreenContext) {
        guard let url = state.article.imageURL else { return }
        let loader = services.imageLoader
        context.scope.run(
            "image",
            work: { report in try await loader.load(url, progress: report) },
            progress: { [weak self] (progress: TransferProgress) in
                self?.state.image = .loading(progress)
                context.setNeedsDisplay()
            },
            apply: { [weak self] result in
                context.scope.cancel("spinner")
                switch result {
                case .success(let info): self?.state.image = .loaded(info)
                case .failure(let error): self?.state.image = .failed(ErrorText.sentence(error))
                }
                context.setNeedsDisplay()
            }
        )
        context.startTicker("spinner") { [weak self] in self?.state.tick += 1 }
    }

    public func render(into canvas: inout Canvas) {
        pageRows = max(1, canvas.height - 4)
        var view = ArticleView(state: state)
        view.downloadsSummary = services.downloads.summary
        view.render(into: &canvas, offset: &state.offset)
    }

    public func handle(_ key: Key, _ context: ScreenContext) -> KeyOutcome {
        switch key {
        case .character("j"), .down: state.offset += 1
        case .character("k"), .up: state.offset = max(0, state.offset - 1)
        case .pageDown, .character(" "), .control("f"): state.offset += pageRows
        case .pageUp, .character("b"), .control("b"): state.offset = max(0, state.offset - pageRows)
        case .character("g"), .home: state.offset = 0
        case .character("G"), .end: state.offset = Int.max / 2
        case .character("o"):
            Actions.openInBrowser(state.article, services: services, context: context) { [weak self] notice in
                self?.state.notice = notice
            }
        case .character("d"):
            let notice = services.downloads.save(state.article)
            state.notice = notice.kind == .error ? notice : nil  // progress and outcome show in the downloads line
        case .character("w"):
            return .push(DownloadsScreen(services: services))
        case .character("?"):
            return .push(HelpScreen())
        case .character("q"), .escape, .backspace, .character("h"), .left:
            return .close
        default:
            return .ignored
        }
        return .handled
    }
}
