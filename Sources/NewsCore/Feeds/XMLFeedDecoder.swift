import Foundation

/// RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom: bytes to `Edition`. The encoding is settled first
/// (`FeedEncoding`), the bytes made safe (`XMLPreparation`), then read (`XMLFeedReader`) and
/// built into articles (`FeedEditionBuilder`).
enum XMLFeedDecoder {
    static func decode(_ data: Data, baseURL: URL?, contentType: String?) throws(NewsError) -> Edition {
        let prepared = try XMLPreparation.prepare(FeedEncoding.utf8(data, contentType: contentType))
        var reader = XMLFeedReader(documentURL: baseURL)
        guard reader.read(prepared) else {
            guard let root = reader.foreignRoot else { throw .invalidDocument("it is not a feed (there is no XML element in it)") }
            if root.lowercased() == "html" { throw .invalidDocument(FeedDiscovery.noFeedReason) }
            throw .invalidDocument("it is XML but not a feed (its root element is <\(Sanitizer.clean(root, maxLength: 40))>)")
        }
        var edition = FeedEditionBuilder.edition(from: reader.feed, feedURL: baseURL)
        if !reader.rootClosed {
            guard !reader.feed.items.isEmpty else {
                throw .invalidDocument("the feed was cut off before its first complete item")
            }
            edition.notes.append(cutOffNote(shown: edition.articles.count))
        }
        return edition
    }

    static func cutOffNote(shown: Int) -> String {
        shown == 1
            ? "The feed was cut off; the 1 complete item before the cut is shown."
            : "The feed was cut off; the \(shown) complete items before the cut are shown."
    }
}
