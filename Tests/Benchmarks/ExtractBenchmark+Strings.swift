import Foundation
import NewsCore
import TestSupport

/// The second data set of the `extract` benchmark: trafilatura's evaluation pages (`--strings
/// DIR`, the `tests` folder of a checkout of github.com/adbar/trafilatura, brought with the
/// search tool's fetch and never committed): about a thousand real pages of many kinds (blogs,
/// news, public bodies, shops, clubs, recipes) and languages (German, English, French, Polish
/// and more), each with strings the article must hold and strings it must not (boilerplate),
/// scored as trafilatura's own evaluate.py scores them (whitespace-normalised substrings;
/// precision, recall and F1 over the strings). A fixed third of the pages, chosen by a hash of
/// their address, is kept out of tuning: the held-out part. Every page holds an article, so
/// an answer of "not an article" is counted as a refusal. The strings include headlines, so each
/// extractor's text is scored after the title it reads from the page (ours, as the article screen
/// shows it above the text; trafilatura's metadata title; readability-lxml's title).
extension ExtractBenchmark {
    struct StringsPage {
        var name: String
        var html: Data
        var url: URL
        var with: [String]
        var without: [String]
        var heldOut: Bool
    }

    /// Counts over the strings of a set of pages, as evaluate.py keeps them.
    struct StringCounts {
        var truePositives = 0, falsePositives = 0, falseNegatives = 0, trueNegatives = 0
        /// Pages answered with nothing ("not an article", or an empty text).
        var refusals = 0
        var pages = 0

        var precision: Double { Double(truePositives) / Double(max(1, truePositives + falsePositives)) }
        var recall: Double { Double(truePositives) / Double(max(1, truePositives + falseNegatives)) }
        var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
        /// The share of "with" strings found, and of "without" strings left out.
        var found: Double { recall }
        var leftOut: Double { Double(trueNegatives) / Double(max(1, trueNegatives + falsePositives)) }

        mutating func add(_ page: StringsPage, text: String) {
            let normalised = StringsScoring.normalise(text)
            pages += 1
            if normalised.isEmpty { refusals += 1 }
            for string in page.with {
                if normalised.contains(StringsScoring.normalise(string)) { truePositives += 1 } else { falseNegatives += 1 }
            }
            for string in page.without {
                if normalised.contains(StringsScoring.normalise(string)) { falsePositives += 1 } else { trueNegatives += 1 }
            }
        }
    }

    /// Reads evaldata.json and the pages it names (in `cache/` or `eval/`, as evaluate.py looks).
    static func stringsPages(_ folder: URL) throws -> [StringsPage] {
        let index = folder.appendingPathComponent("evaldata.json")
        guard FileManager.default.fileExists(atPath: index.path) else {
            throw BenchmarkFailure(
                "--strings \(folder.path) is not trafilatura's tests folder: it needs evaldata.json, eval/ and cache/ "
                    + "(fetch github:adbar/trafilatura, clone it, and give its tests folder)")
        }
        guard let items = try JSONSerialization.jsonObject(with: Data(contentsOf: index)) as? [String: [String: Any]] else {
            throw BenchmarkFailure("\(index.path) is not a dictionary of pages")
        }
        var pages: [StringsPage] = []
        for address in items.keys.sorted() {
            guard let item = items[address], let file = item["file"] as? String, let url = URL(string: address) else { continue }
            let candidates = ["cache", "eval"].map { folder.appendingPathComponent($0).appendingPathComponent(file) }
            guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { continue }
            pages.append(
                StringsPage(
                    name: String(format: "p%04d", pages.count), html: try Data(contentsOf: path), url: url,
                    with: item["with"] as? [String] ?? [], without: item["without"] as? [String] ?? [], heldOut: StringsScoring.isHeldOut(address)))
        }
        return pages
    }

    /// Scores ours, trafilatura and readability-lxml on the pages, the tuning part and the held-out part apart.
    /// `heldOutGoal`: on the held-out part, ours F1 ≥ trafilatura's and no page refused (nil without trafilatura).
    static func runStrings(_ folder: URL, options: BenchmarkOptions) throws -> (lines: [String], heldOutGoal: Bool?) {
        let pages = try stringsPages(folder)
        let parts: [(String, [StringsPage])] = [("tuning part", pages.filter { !$0.heldOut }), ("held-out part", pages.filter(\.heldOut))]
        report()
        report("trafilatura's evaluation pages: \(pages.count) (\(parts[0].1.count) for tuning, \(parts[1].1.count) held out)")
        var ours: [String: String] = [:]
        var refusedReasons: [String: String] = [:]
        for page in pages {
            // No charset given: the page's own <meta> says it, as a server's header would.
            switch ArticleExtractor.extract(page: page.html, url: page.url, contentType: "text/html") {
            case .success(let article): ours[page.name] = (article.title.map { $0 + "\n\n" } ?? "") + article.text
            case .failure(let reason):
                ours[page.name] = ""
                refusedReasons[page.name] = reason.message
            }
        }
        // Timed as the first set is: passes over every page after the first, the median pass.
        var passes = Samples()
        for _ in 0..<(options.rounds ?? defaultRounds) {
            let (_, duration) = Timing.time {
                pages.reduce(0) { total, page in
                    guard case .success(let article) = ArticleExtractor.extract(page: page.html, url: page.url, contentType: "text/html") else { return total }
                    return total + article.text.utf8.count
                }
            }
            passes.append(duration)
        }
        let oursSeconds = passes.median.milliseconds / 1000 / Double(max(1, pages.count))
        if let path = options.documentPath {
            // For tuning: each tuning page's text (held-out pages are left out) with its strings.
            let tuning = pages.filter { !$0.heldOut }.map { page in
                [
                    "name": page.name, "url": page.url.absoluteString, "text": ours[page.name] ?? "", "with": page.with, "without": page.without,
                ] as [String: Any]
            }
            try JSONSerialization.data(withJSONObject: tuning).write(to: URL(fileURLWithPath: path))
            report("the tuning part's texts and strings written to \(path)")
        }
        var references: [String: (texts: [String: String], seconds: Double)] = [:]
        if !options.swiftOnly {
            let copies = try TemporaryFolder("extract-strings")
            defer { copies.remove() }
            for page in pages { try page.html.write(to: copies.file(page.name + ".html")) }
            let set = PageSet(name: "strings", pages: [], folder: copies.url)
            for (name, scored) in try referenceTexts(set, withTitle: true) { references[name] = scored }
        }
        var lines: [String] = []
        var heldOutGoal: Bool?
        for (partName, part) in parts {
            var rows: [[String]] = []
            var f1s: [String: Double] = [:]
            var summary = "\(partName): "
            for (name, texts, seconds) in [("headlines ArticleExtractor", ours, oursSeconds)]
                + ["trafilatura", "readability"].compactMap({ name in
                    references[name].map { (name == "readability" ? "readability-lxml" : name, $0.texts, $0.seconds) }
                })
            {
                var counts = StringCounts()
                for page in part { counts.add(page, text: texts[page.name] ?? "") }
                f1s[name] = counts.f1
                rows.append([
                    name, String(format: "%.3f", counts.f1), String(format: "%.3f", counts.precision), String(format: "%.3f", counts.recall),
                    String(format: "%.1f%%", counts.found * 100), String(format: "%.1f%%", counts.leftOut * 100), "\(counts.refusals)",
                    String(format: "%.2f", seconds * 1000),
                ])
                summary += "\(name.split(separator: " ").first ?? "") F1 \(String(format: "%.3f", counts.f1)) (\(counts.refusals) refused) "
            }
            report()
            report("\(partName), \(part.count) pages:")
            report(Format.table(["extractor", "F1", "precision", "recall", "found", "left out", "refused", "ms per page"], rows))
            let refused = part.filter { refusedReasons[$0.name] != nil }
            if !refused.isEmpty {
                report("refused by ours (\(refused.count)):")
                for page in refused.prefix(40) { report("  \(page.name) \(page.url.absoluteString): \(refusedReasons[page.name] ?? "")") }
            }
            lines.append(summary.trimmingCharacters(in: .whitespaces))
            if part.first?.heldOut == true, let trafilatura = f1s["trafilatura"], let oursF1 = f1s["headlines ArticleExtractor"] {
                heldOutGoal = refused.isEmpty && oursF1 >= trafilatura
            }
        }
        return (lines, heldOutGoal)
    }
}

/// How trafilatura's evaluation compares a text with its strings, and which pages are held out.
enum StringsScoring {
    /// Runs of whitespace as one space, trimmed (evaluate.py's `norm`).
    static func normalise(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A third of the pages, by FNV-1a of their address: the same pages on every machine and run.
    static func isHeldOut(_ address: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in address.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash % 3 == 0
    }
}
