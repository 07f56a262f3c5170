import Foundation
import Testing
@testable import HeadlinesUI
@testable import NewsCore
@testable import HeadlinesSession

@Suite("DownloadsView")
struct DownloadsViewTests {
    static func item(_ id: Int, _ title: String, _ state: DownloadCenter.State) -> DownloadCenter.Item {
        DownloadCenter.Item(id: id, title: title, link: URL(string: "https://img.example/\(id).png")!, state: state)
    }

    static let saved = SavedImage(file: URL(fileURLWithPath: "/tmp/headlines/gamma-photo.png"), format: .png, byteCount: 3072, alreadySaved: false)

    static var items: [DownloadCenter.Item] {
        [
            item(1, "Alpha", .queued),
            item(2, "Beta", .saving(TransferProgress(received: 45, expected: 100))),
            item(3, "Gamma", .saved(saved)),
            item(4, "Delta", .failed("HTTP 404: Not Found.")),
            item(5, "Epsilon", .cancelled),
        ]
    }

    static func render(_ items: [DownloadCenter.Item], width: Int, height: Int, select: Int = 0, saved: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        var scroll = ListScroll()
        scroll.setCount(items.count)
        scroll.select(select)
        let layout = ScreenLayout(width: width, height: height)
        scroll.fit(rows: layout.bodyRows)
        DownloadsView(items: items, scroll: scroll, layout: layout).render(into: &canvas, saved: saved)
        return canvas
    }

    static func bar(_ filled: Int, _ columns: Int) -> String {
        "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: columns - 2 - filled) + "]"
    }

    @Test("one row per state at 100 columns: title, bar, label")
    func rows() {
        let canvas = Self.render(Self.items, width: 100, height: 12, saved: 1)
        // 100 columns: title 32, bar 24 (22 inside), label 40 (room for "45% downloading 1.2 MiB of 42.1 MiB").
        func row(_ title: String, _ bar: String, _ label: String) -> String {
            " " + padded(title, 32) + " " + padded(bar, 24) + " " + padded(label, 40) + " "
        }
        let blank = String(repeating: " ", count: 24)
        #expect(canvas.line(0) == padded(" Downloads", 100))
        #expect(canvas.line(1) == row("Alpha", Self.bar(0, 24), "queued"))
        #expect(canvas.line(2) == row("Beta", Self.bar(9, 24), " 45% saving 45 bytes of 100 bytes"))  // 45% of 22 is 9.9
        #expect(canvas.line(3) == row("Gamma", Self.bar(22, 24), "100% saved gamma-photo.png"))
        #expect(canvas.line(4) == row("Delta", blank, "failed: HTTP 404: Not Found."))
        #expect(canvas.line(5) == row("Epsilon", blank, "cancelled"))
        for y in 6..<11 { #expect(canvas.line(y) == String(repeating: " ", count: 100)) }
    }

    @Test("states are styled; the selected row is reverse video throughout")
    func styles() {
        let canvas = Self.render(Self.items, width: 100, height: 12, select: 1, saved: 1)
        #expect(canvas[35, 1].style == .muted)
        #expect(canvas.styles(2).allSatisfy { $0.role == .selection && $0.reverse })
        #expect(canvas[60, 3].style == Style(.success))
        #expect(canvas[60, 4].style == .error)
        #expect(canvas[60, 5].style == .muted)
        #expect(canvas.styles(1).allSatisfy { !$0.reverse })
    }

    @Test("the status bar counts saved files and those in flight")
    func status() {
        let canvas = Self.render(Self.items, width: 100, height: 12, saved: 1)
        let right = "1 of 5 saved · 2 in flight"
        #expect(canvas.line(11) == padded(" c cancel · C cancel all · q back", 100 - TextWidth.of(right) - 1) + right + " ")
        let done = [Self.item(1, "One", .saved(Self.saved)), Self.item(2, "Two", .saved(Self.saved)), Self.item(3, "Three", .failed("x"))]
        #expect(Self.render(done, width: 100, height: 12, saved: 2).line(11).hasSuffix(" 2 of 3 saved "))
    }

    @Test("saving with an unknown size: bouncing bar and ?%; not started: empty bar")
    func savingUnknown() {
        let unknown = Self.item(1, "Unknown", .saving(TransferProgress(received: 3 * 65_536, expected: nil)))
        let notStarted = Self.item(2, "Waiting", .saving(nil))
        let canvas = Self.render([unknown, notStarted], width: 100, height: 12, select: 5, saved: 0)
        // Tick 3: the block sits at cells 3...5 of 22.
        #expect(canvas.line(1).contains("[···###················]   ?% saving"))
        #expect(canvas.line(2).contains(Self.bar(0, 24) + "   ?% saving"))
    }

    @Test("an empty list explains itself")
    func empty() {
        let canvas = Self.render([], width: 100, height: 12, saved: 0)
        let message = "No downloads yet: press d on an article, or D for the whole list."
        #expect(canvas.line(6) == padded(String(repeating: " ", count: (100 - TextWidth.of(message)) / 2) + message, 100))
        #expect(canvas.line(11).hasSuffix(" 0 of 0 saved "))
    }

    @Test("narrow and wide canvases keep every line to the width", arguments: [40, 60, 100, 200])
    func widths(width: Int) {
        let long = Self.item(9, String(repeating: "長い題名🚀", count: 20), .saving(TransferProgress(received: 1, expected: 3)))
        let canvas = Self.render(Self.items + [long], width: width, height: 10, select: 5, saved: 1)
        for y in 0..<10 { #expect(TextWidth.of(canvas.line(y)) == width, "line \(y) at \(width)") }
        #expect(canvas.line(6).contains("…"))
        #expect(canvas.line(6).contains(" 33% saving"))
    }
}
