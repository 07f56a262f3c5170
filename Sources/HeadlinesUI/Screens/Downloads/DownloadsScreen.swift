import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// One row per image being saved or saved: a progress bar, percent and state. `c` cancels
/// the selected save, `C` all of them.
@MainActor
package final class DownloadsScreen: Screen {
    package let kind = ScreenKind.downloads
    private let services: AppServices
    private var scroll = ListScroll()
    private var layout = ScreenLayout(width: 0, height: 0)
    private var hints = DownloadsView.defaultHints
    /// Enclosures the cache says earlier sessions downloaded (and whether they were played).
    private var earlier: [DownloadCenter.Item] = []

    package init(services: AppServices) {
        self.services = services
    }

    package func didAppear(_ context: ScreenContext) {
        hints = context.hints([.cancelDownload, .cancelAllDownloads, .back], on: kind)
        let downloads = services.downloads
        context.scope.run(.load) { [weak self] token in
            let earlier: [DownloadCenter.Item]
            do {
                earlier = try await downloads.earlierDownloads()
            } catch {
                return  // an unreadable cache lists this session's alone
            }
            context.scope.update(token) { self?.earlier = earlier }
            context.setNeedsDisplay()
        }
    }

    /// This session's downloads, then earlier ones not downloaded again this session.
    private var items: [DownloadCenter.Item] {
        let session = services.downloads.items
        let files = Set(
            session.compactMap { item -> URL? in
                if case .downloaded(let saved) = item.state { return saved.file.standardizedFileURL }
                return nil
            })
        return session + earlier.filter { !files.contains($0.link.standardizedFileURL) }
    }

    package func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas)
        let items = self.items
        scroll.setCount(items.count)
        scroll.fit(rows: layout.bodyRows)
        var view = DownloadsView(items: items, scroll: scroll, layout: layout)
        view.keyHints = hints
        view.render(into: &canvas, saved: services.downloads.savedCount + items.filter { if case .earlier = $0.state { true } else { false } }.count)
    }

    package func click(column: Int, row: Int, count: Int, _ context: ScreenContext) -> KeyOutcome {
        scroll.setCount(items.count)
        return clickRow(row, count: count, scroll: scroll, layout: layout, context) { scroll.apply($0) }
    }

    package func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        let items = self.items
        scroll.setCount(items.count)
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            scroll.apply(movement)
            return .handled
        }
        switch action {
        case .cancelDownload:
            guard items.indices.contains(scroll.selection), items[scroll.selection].id > 0 else { return .ignored }
            services.downloads.cancel(items[scroll.selection].id)
        case .cancelAllDownloads: services.downloads.cancelAll()
        case .downloads: return .close
        default: return .ignored
        }
        return .handled
    }
}
