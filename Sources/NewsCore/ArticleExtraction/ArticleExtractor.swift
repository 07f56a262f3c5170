import FoundationEssentials

/// Reads the article out of a web page: no browser, no scripts run, nothing fetched. The page is
/// read into a tree (`PageTreeBuilder`), measured (`PageMeasures`), its article chosen
/// (`ContentSelection`), cleaned (`ContentCleaning`) and written (`ArticleBodyWriter`); what the
/// page says of itself comes from `PageMetadata`. Each step costs time in proportion to the page.
public enum ArticleExtractor {
    /// The largest page read, in bytes (feeds' cap).
    public static let maxPageBytes = NewsService.defaultSizeLimit
    /// How much of a page is fetched for its article: its first 4 MiB, where the articles of
    /// the largest news pages seen lie whole (their scripts and data come after); the rest of a
    /// larger page is left, and the text marked cut. A page's tree takes a few times its bytes,
    /// and `full-text = yes` fetches four at once: 4 MiB keeps them all under 100 MiB.
    public static let maxFetchedBytes = 4 << 20
    /// Less body text than this (characters other than spaces) is no article.
    static let minimumText = 250

    /// The article in `page` (its bytes as the server sent them), which came from `url` with the
    /// HTTP `contentType` (nil when unknown: then the bytes must look like HTML).
    public static func extract(page: Data, url: URL, contentType: String?) -> Result<ExtractedArticle, NotAnArticle> {
        if let mediaType = contentType.map(mediaType), !mediaType.isEmpty, !htmlTypes.contains(mediaType) {
            return .failure(.notHTML(mediaType: Sanitizer.clean(mediaType, maxLength: 80)))
        }
        if contentType == nil || contentType.map(mediaType)?.isEmpty == true, !looksLikeHTML(page) {
            return .failure(.notHTML(mediaType: "something other than HTML"))
        }
        guard page.count <= maxPageBytes else { return .failure(.tooLarge(limit: maxPageBytes)) }
        let utf8: Data
        do {
            utf8 = try FeedEncoding.utf8(page, contentType: contentType, isHTML: true)
        } catch {
            return .failure(.unreadable(Self.reason(error)))
        }
        return utf8.withUnsafeBytes { raw in
            extract(utf8: raw.bindMemory(to: UInt8.self), url: url)
        }
    }

    /// The article in a page already in UTF-8.
    static func extract(utf8 bytes: UnsafeBufferPointer<UInt8>, url: URL) -> Result<ExtractedArticle, NotAnArticle> {
        let (tree, collected) = PageTreeBuilder.build(bytes)
        let metadata = PageMetadata(collected, pageURL: url)
        let baseURL = collected.base.flatMap { URLPolicy.articleURL($0, relativeTo: url) } ?? url
        let measures = PageMeasures(tree)
        let selection = ContentSelection(measures)
        var cleaning = ContentCleaning(
            measures: measures, scores: selection.scores, foldedTitle: metadata.title.map(ContentCleaning.folded))
        cleaning.articleText = selection.roots.reduce(0) { $0 + measures.text[$1] }
        var writer = ArticleBodyWriter(measures: measures, cleaning: cleaning, baseURL: baseURL)
        writer.write(selection.roots)
        if let reason = refusal(letters: writer.letters, writer: writer, metadata: metadata, url: url) { return .failure(reason) }
        return .success(
            ExtractedArticle(
                url: url, canonicalURL: metadata.canonicalURL, title: metadata.title, byline: metadata.byline,
                published: metadata.published ?? Self.firstTime(tree, in: selection.roots),
                leadImageURL: metadata.imageURL ?? writer.pictures.first, siteName: metadata.siteName,
                language: metadata.language, html: writer.html, text: writer.text,
                truncated: tree.truncated || writer.truncated))
    }

    /// Why the body found is no article, or nil when it is one.
    private static func refusal(letters: Int, writer: ArticleBodyWriter, metadata: PageMetadata, url: URL) -> NotAnArticle? {
        let isArticle = metadata.types.contains { $0 == "article" || $0.hasSuffix("article") || $0.hasSuffix("posting") }
        let path = url.path.lowercased()
        if !isArticle, ["", "/", "/index.html", "/index.htm", "/index.php", "/home"].contains(path) {
            return .homePage
        }
        // A list of headlines and teasers, each a link.
        if letters > 0, Double(writer.linkLetters) / Double(letters) > 0.5 { return .homePage }
        guard letters < minimumText else { return nil }
        if metadata.isPaywalled { return .paywall }
        if metadata.types.contains(where: { $0.hasPrefix("video") || $0.hasPrefix("videoobject") || $0 == "imagegallery" }) {
            return .media
        }
        return .noText
    }

    /// The first `<time datetime>` in the article, or else in the page.
    private static func firstTime(_ tree: PageTree, in roots: [Int]) -> Date? {
        var fallback: Date?
        for (index, node) in tree.nodes.enumerated() where node.name == "time" {
            guard let value = node.value("datetime"), let date = FeedDate.parse(value) else { continue }
            if roots.contains(where: { tree.isInside(index, $0) }) { return date }
            if fallback == nil { fallback = date }
        }
        return fallback
    }

    static let htmlTypes: Set<String> = ["text/html", "application/xhtml+xml", "application/xml+html", "text/xhtml"]

    /// The media type of a Content-Type, lowercased, without parameters.
    static func mediaType(_ contentType: String) -> String {
        (contentType.split(separator: ";").first.map { $0.trimmingSpaces() } ?? "").lowercased()
    }

    /// Bytes with no Content-Type to go by: HTML if they say so near the start.
    private static func looksLikeHTML(_ page: Data) -> Bool {
        SniffedText(page.prefix(64)) == .html || String(decoding: page.prefix(1024), as: UTF8.self).lowercased().contains("<html")
    }

    private static func reason(_ error: NewsError) -> String {
        if case .invalidDocument(let reason) = error { return reason }
        return error.message
    }
}
