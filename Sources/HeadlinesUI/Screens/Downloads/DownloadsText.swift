import FoundationEssentials
import NewsCore
import HeadlinesSession

/// The words of the downloads: the status-bar line while saves run, their outcomes, and the
/// answers to `d` and `D`. `DownloadCenter` keeps the orchestration; the wording is here.
@MainActor
enum DownloadsText {
    /// A short line for the status bar while saves run; nil when none does. (How each ended is a
    /// passing message: `DownloadCenter.onOutcome`.)
    static func summary(_ center: DownloadCenter) -> String? {
        let active = center.activeItems
        if active.isEmpty { return nil }
        let count = active.count
        let percent = progressText(active).map { " " + $0 } ?? ""
        if center.isQuitting {
            return "Quitting after \(count) save\(count == 1 ? "" : "s") finish\(count == 1 ? "es" : "") · q again cancels" + percent
        }
        return "Saving \(count) file\(count == 1 ? "" : "s")…" + percent
    }

    /// `Saved ~/Downloads/headlines/x.png`, or why not.
    static func outcome(outcome: DownloadCenter.Outcome, home: String?) -> Notice {
        switch outcome {
        case .saved(let image):
            return Notice((image.alreadySaved ? "Already saved " : "Saved ") + displayPath(image.file, home: home), kind: .success)
        case .downloaded(let enclosure):
            return Notice(
                (enclosure.alreadySaved ? "Already downloaded " : "Downloaded ") + displayPath(enclosure.file, home: home), kind: .success)
        case .failed(let reason):
            return Notice("Not saved: " + reason, kind: .error)
        }
    }

    /// The notice `d` or `D` leaves when nothing started (progress shows in the downloads line).
    static func refusal(_ start: DownloadCenter.Start) -> Notice? {
        switch start {
        case .noImage: return Notice("This article has no image.", kind: .error)
        case .noImages: return Notice("No images to save.")
        case .noEnclosure: return Notice("This article has no enclosure.", kind: .error)
        case .noEnclosures: return Notice("No enclosures to download.")
        case .alreadySaving(let title): return Notice("Already saving “\(title)”.")
        case .started: return nil
        }
    }

    /// Paths under the home folder as `~/...`, so the file name fits in the status bar.
    static func displayPath(_ file: URL, home: String?) -> String {
        let path = file.path
        guard let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The combined percent of the active saves, when all their sizes are known.
    private static func progressText(_ active: [DownloadCenter.Item]) -> String? {
        var received: Int64 = 0
        var expected: Int64 = 0
        for item in active {
            guard case .saving(let progress?) = item.state, let total = progress.expected else { return nil }
            received += progress.received
            expected += total
        }
        guard expected > 0 else { return nil }
        return "\(Int(Double(received) / Double(expected) * 100))%"
    }
}
