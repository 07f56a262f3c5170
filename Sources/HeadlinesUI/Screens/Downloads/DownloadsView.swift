import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// Renders the downloads list; the scroll is already fitted to the layout's rows.
package struct DownloadsView {
    package var items: [DownloadCenter.Item]
    package var scroll: ListScroll
    package var layout: ScreenLayout
    /// The status bar's key hints (from the key map in force).
    package var keyHints = DownloadsView.defaultHints

    package static let defaultHints = KeyMap().hints([.cancelDownload, .cancelAllDownloads, .back], on: .downloads)

    package init(items: [DownloadCenter.Item], scroll: ListScroll, layout: ScreenLayout) {
        self.items = items
        self.scroll = scroll
        self.layout = layout
    }

    package func render(into canvas: inout Canvas, saved: Int) {
        let width = layout.width
        canvas.fill(x: 0, y: layout.titleRow, count: width, style: .header)
        canvas.write(" Downloads", x: 0, y: layout.titleRow, style: .header)
        let rows = layout.bodyRows
        let top = scroll.top
        if items.isEmpty {
            let message = "No downloads yet: press d on an article, or D for the whole list."
            canvas.write(message, x: max(0, (width - TextWidth.of(message)) / 2), y: layout.bodyTop + rows / 2, style: .muted)
        }
        let barWidth = max(10, min(24, width / 4))
        let stateWidth = max(22, min(40, width * 2 / 5))  // "45% downloading 1.2 MiB of 42.1 MiB"
        let titleWidth = max(8, width - barWidth - stateWidth - 4)
        for row in 0..<rows where top + row < items.count {
            let item = items[top + row]
            let y = layout.bodyTop + row
            let selected = top + row == scroll.selection
            if selected { canvas.fill(x: 0, y: y, count: width, style: .selection) }
            let base: Style = selected ? .selection : .normal
            canvas.write(item.title, x: 1, y: y, style: base, maxX: 1 + titleWidth)
            let (bar, label, style) = Self.describe(item.state, barWidth: barWidth, enclosure: item.isEnclosure)
            canvas.write(bar, x: 2 + titleWidth, y: y, style: selected ? base : style)
            canvas.write(label, x: 3 + titleWidth + barWidth, y: y, style: selected ? base : style, maxX: width - 1)
        }
        let active = items.filter { $0.state.isActive }.count
        let right = "\(saved) of \(items.count) saved" + (active > 0 ? " · \(active) in flight" : "")
        StatusBar.render(left: keyHints, right: right, into: &canvas, y: layout.statusRow)
    }

    /// The bar, the words and their style of a row: queued, saving or downloading (with the
    /// bytes so far, of how many), saved or downloaded, failed and why, cancelled, or (an earlier
    /// session's enclosure) downloaded or played.
    static func describe(_ state: DownloadCenter.State, barWidth: Int, enclosure: Bool = false) -> (String, String, Style) {
        switch state {
        case .queued:
            return (ProgressBar.text(fraction: 0, columns: barWidth), "queued", .muted)
        case .saving(let progress):
            let fraction = progress?.fraction
            var bytes = ""
            if let progress, progress.received > 0 {
                bytes = " " + ByteCount.describe(Int(progress.received)) + (progress.expected.map { " of " + ByteCount.describe(Int($0)) } ?? "")
            }
            return (
                ProgressBar.text(fraction: fraction ?? (progress == nil ? 0 : nil), columns: barWidth, tick: Int(progress?.received ?? 0) / 65536),
                ProgressBar.percent(fraction) + (enclosure ? " downloading" : " saving") + bytes, Style(.progress)
            )
        case .earlier(let file, let played):
            return (ProgressBar.text(fraction: 1, columns: barWidth), (played ? "played " : "downloaded ") + file.lastPathComponent, .muted)
        case .saved(let image):
            return (ProgressBar.text(fraction: 1, columns: barWidth), "100% saved " + image.file.lastPathComponent, Style(.success))
        case .downloaded(let enclosure):
            return (ProgressBar.text(fraction: 1, columns: barWidth), "100% downloaded " + enclosure.file.lastPathComponent, Style(.success))
        case .written(let file):
            return (ProgressBar.text(fraction: 1, columns: barWidth), "100% saved " + file.lastPathComponent, Style(.success))
        case .failed(let reason):
            return (String(repeating: " ", count: barWidth), "failed: " + reason, .error)
        case .cancelled:
            return (String(repeating: " ", count: barWidth), "cancelled", .muted)
        }
    }
}
