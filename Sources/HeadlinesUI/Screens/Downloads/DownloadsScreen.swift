import Foundation
import NewsCore

/// One row per image being saved or saved: a progress bar, percent and state. `c` cancels
/// the selected save, `C` all of them.
@MainActor
public final class DownloadsScreen: Screen {
    private let services: AppServices
    private var scroll = ListScroll()

    public init(services: AppServices) {
        self.services = services
    }

    public func didAppear(_ context: ScreenContext) {}

    public func render(into canvas: inout Canvas) {
        let items = services.downloads.items
        scroll.setCount(items.count)
        DownloadsView(items: items).render(into: &canvas, scroll: &scroll, saved: services.downloads.savedCount)
    }

    public func handle(_ key: Key, _ context: ScreenContext) -> KeyOutcome {
        let items = services.downloads.items
        switch key {
        case .character("j"), .down: scroll.move(by: 1)
        case .character("k"), .up: scroll.move(by: -1)
        case .character("g"), .home: scroll.select(0)
        case .character("G"), .end: scroll.select(items.count - 1)
        case .character("c"):
            guard items.indices.contains(scroll.selection) else { return .ignored }
            services.downloads.cancel(items[scroll.selection].id)
        case .character("C"): services.downloads.cancelAll()
        case .character("?"): return .push(HelpScreen())
        case .character("q"), .escape, .character("w"): return .close
        default: return .ignored
        }
        return .handled
    }
}

/// Renders the downloads list.
public struct DownloadsView {
    public var items: [DownloadCenter.Item]

    public func render(into canvas: inout Canvas, scroll: inout ListScroll, saved: Int) {
        let width = canvas.width
        canvas.fill(x: 0, y: 0, count: width, style: .header)
        canvas.write(" Downloads", x: 0, y: 0, style: .header)
        let rows = max(0, canvas.height - 2)
        scroll.setCount(items.count)
        let top = scroll.fit(rows: rows)
        if items.isEmpty {
            let message = "No downloads yet: press d on an article, or D for the whole list."
            canvas.write(message, x: max(0, (width - TextWidth.of(message)) / 2), y: 1 + rows / 2, style: .muted)
        }
        let barWidth = max(10, min(24, width / 4))
        let stateWidth = 22
        let titleWidth = max(8, width - barWidth - stateWidth - 4)
        for row in 0..<rows where top + row < items.count {
            let item = items[top + row]
            let y = 1 + row
            let selected = top + row == scroll.selection
            if selected { canvas.fill(x: 0, y: y, count: width, style: .selection) }
            let base: Style = selected ? .selection : .normal
            canvas.write(item.title, x: 1, y: y, style: base, maxX: 1 + titleWidth)
            let (bar, label, style) = Self.describe(item.state, barWidth: barWidth)
            canvas.write(bar, x: 2 + titleWidth, y: y, style: selected ? base : style)
            canvas.write(label, x: 3 + titleWidth + barWidth, y: y, style: selected ? base : style, maxX: width - 1)
        }
        let active = items.filter { $0.state.isActive }.count
        let right = "\(saved) of \(items.count) saved" + (active > 0 ? " · \(active) in flight" : "")
        StatusBar.render(left: "c cancel · C cancel all · q back", right: right, into: &canvas, y: canvas.height - 1)
    }

    static func describe(_ state: DownloadCenter.State, barWidth: Int) -> (String, String, Style) {
        switch state {
        case .queued:
            return (ProgressBar.text(fraction: 0, columns: barWidth), "queued", .muted)
        case .saving(let progress):
            let fraction = progress?.fraction
            return (ProgressBar.text(fraction: fraction ?? (progress == nil ? 0 : nil), columns: barWidth, tick: Int(progress?.received ?? 0) / 65536),
                    ProgressBar.percent(fraction) + " saving", Style(.progress))
        case .saved(let image):
            return (ProgressBar.text(fraction: 1, columns: barWidth), "100% saved " + image.file.lastPathComponent, Style(.success))
        case .failed(let reason):
            return (String(repeating: " ", count: barWidth), "failed: " + reason, .error)
        case .cancelled:
            return (String(repeating: " ", count: barWidth), "cancelled", .muted)
        }
    }
}
