import FoundationEssentials

/// RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom: bytes to `Edition`, read by `XMLFeedReader` and built
/// into articles by `ItemNormaliser`.
///
/// Most feeds are clean UTF-8 XML, so the first read is optimistic: past the prolog (checked
/// for entity declarations), straight to the parser, stopping at the first error. Only a feed
/// the parser finds fault with is read again the careful way: its encoding settled
/// (`FeedEncoding`), its bytes made safe (`XMLPreparation`). A clean feed so costs no pass of
/// its own before the parser's, which checks the UTF-8 anyway.
enum XMLFeedDecoder {
    static func decode(
        _ data: Data, baseURL: URL?, contentType: String?, maximumItems: Int = RawFeed.maximumItems
    ) throws(NewsError) -> Edition {
        var reader = XMLFeedReader(documentURL: baseURL, stopsAtError: true, maximumItems: maximumItems)
        // UTF-16, UTF-32 and EBCDIC go straight to the careful path: the parser is told the
        // bytes are UTF-8, and must never be handed bytes that are not even ASCII.
        let optimistic = EncodingSignature(data).isASCIICompatible
        if optimistic {
            let rootStart = try XMLPreparation.rootStart(data)
            _ = try reader.read(data.dropFirst(rootStart))
        }
        // A root that is plainly not a feed's (a web page) needs no second look.
        if !optimistic || reader.sawError || (reader.format == nil && reader.foreignRoot == nil) {
            let prepared = try XMLPreparation.prepare(FeedEncoding.utf8(data, contentType: contentType))
            reader = XMLFeedReader(documentURL: baseURL, maximumItems: maximumItems)
            _ = try reader.read(prepared)
        }
        guard reader.format != nil else {
            guard let root = reader.foreignRoot else { throw .invalidDocument("it is not a feed (there is no XML element in it)") }
            if root.lowercased() == "html" { throw .invalidDocument(FeedDiscovery.noFeedReason) }
            throw .invalidDocument("it is XML but not a feed (its root element is <\(Sanitizer.clean(root, maxLength: 40))>)")
        }
        var edition = ItemNormaliser.edition(from: reader.feed, feedURL: baseURL)
        if reader.reachedItemLimit {
            edition.notes.append(FeedNotes.itemLimit(maximumItems))
        } else if !reader.rootClosed {
            guard !reader.feed.items.isEmpty else {
                throw .invalidDocument("the feed was cut off before its first complete item")
            }
            edition.notes.append(FeedNotes.cutOff(shown: edition.articles.count))
        }
        return edition
    }
}
