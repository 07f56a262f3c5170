import Foundation
import NewsCore
import TestSupport

/// Mozilla Readability's test pages (`--readability DIR`, the `test/test-pages` folder of a
/// checkout of github.com/mozilla/readability): each a real page (`source.html`) with the body
/// Readability takes from it (`expected.html`), scored by the same word shingles. Never used in
/// tuning: the whole set is held out. Readability wrote the truth, so readability-lxml (its port)
/// has the home advantage here.
extension ExtractBenchmark {
    /// The pages whose expected body holds some text (a few test only metadata or markup), copied
    /// as `NAME.html` into `copies` for the reference extractors.
    static func readabilityPages(_ folder: URL, copies: TemporaryFolder) throws -> PageSet {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !names.isEmpty, names.contains(where: { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/source.html").path) })
        else {
            throw BenchmarkFailure(
                "--readability \(folder.path) is not Readability's test pages: it needs NAME/source.html and NAME/expected.html "
                    + "(fetch github:mozilla/readability and give its test/test-pages folder)")
        }
        var pages: [(String, Data, URL, String)] = []
        for name in names.sorted() {
            let page = folder.appendingPathComponent(name)
            guard let html = FileManager.default.contents(atPath: page.appendingPathComponent("source.html").path),
                let expected = FileManager.default.contents(atPath: page.appendingPathComponent("expected.html").path)
            else { continue }
            let truth = HTMLText.plainText(String(decoding: expected, as: UTF8.self))
            guard truth.split(whereSeparator: \.isWhitespace).count >= 50 else { continue }
            try html.write(to: copies.file(name + ".html"))
            // The address Readability's own tests give every page.
            pages.append((name, html, URL(string: "http://fakehost/test/page.html")!, truth))
        }
        return PageSet(name: "Readability's test pages (never tuned on)", pages: pages, folder: copies.url)
    }
}
