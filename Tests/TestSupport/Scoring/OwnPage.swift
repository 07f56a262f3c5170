import Foundation

/// Our own test pages for the article extractor (Tests/NewsCoreTests/ArticleExtraction/Pages):
/// `NAME.html` beside `NAME.txt`, whose first line is `url: ADDRESS` (where the page is said to
/// come from) and whose rest, after a blank line, is the article's body as a person reads it.
/// Shared by the tests and the `extract` benchmark; kept out of tuning.
public enum OwnPage {
    public struct MalformedExpectation: Error, CustomStringConvertible {
        public var description: String
    }

    /// The folder of the pages.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("NewsCoreTests/ArticleExtraction/Pages")

    /// The address and the body a `.txt` file gives.
    public static func expectation(_ text: String) throws -> (url: URL, body: String) {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("url: "), let url = URL(string: String(first.dropFirst(5))) else {
            throw MalformedExpectation(description: "the first line is not “url: ADDRESS”")
        }
        return (url, lines.count > 1 ? String(lines[1]) : "")
    }

    /// The page `name`'s bytes.
    public static func page(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent("\(name).html"))
    }

    /// The page `name`'s address and body.
    public static func expected(_ name: String) throws -> (url: URL, body: String) {
        try expectation(String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8))
    }
}
