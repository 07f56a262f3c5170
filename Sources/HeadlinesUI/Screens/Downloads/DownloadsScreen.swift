import FoundationEssentials
import NewsCore

/// One row per image being saved or saved: a progress bar, percent and state. `c` cancels
/// the selected save, `C` all of them.
@MainActor
public final class DownloadsScreen: Screen {
    public let kind = ScreenKind.downloads
    private let services: AppServices
    private var scroll = ListScroll()
    private var layout = ScreenLayout(width: 0, height: 0)
    private var hints = DownloadsView.defaultHints

    public init(services: AppServices) {
        self.services = services
    }

    public func didAppear(_ context: ScreenContext) {
        hints = context.hints([.cancelDownload, .cancelAllDownloads, .back], on: kind)
    }

    public func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas)
        let items = services.downloads.items
        scroll.setCount(items.count)
        scroll.fit(rows: layout.bodyRows)
        var view = DownloadsView(items: items, scroll: scroll, layout: layout)
        view.keyHints = hints
        view.render(into: &canvas, saved: services.downloads.savedCount)
    }

    public func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        let items = services.downloads.items
        scroll.setCount(items.count)
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            scroll.apply(movement)
            return .handled
        }
        switch action {
        case .cancelDownload:
            guard items.indices.contains(scroll.selection) else { return .ignored }
            services.downloads.cancel(items[scroll.selection].id)
        case .cancelAllDownloads: services.downloads.cancelAll()
        case .downloads: return .close
        default: return .ignored
        }
        return .handled
    }
}
