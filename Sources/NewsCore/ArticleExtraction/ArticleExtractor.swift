import FoundationEssentials

/// Reads the article out of a web page: no browser, no scripts run, nothing fetched. The page is
/// read into a tree (`PageTreeBuilder`), measured (`PageMeasures`), its article chosen
/// (`ContentSelection`), cleaned (`ContentCleaning`) and written (`ArticleBodyWriter`); what the
/// page says of itself comes from `PageMetadata`. Each step costs time in proportion to the page.
public enum ArticleExtractor {
    /// The largest page read, in bytes (feeds' cap).
    public static let maxPageBytes = NewsService.defaultSizeLimit
    /// How much of a page is fetched for its article: its first 3 MiB, where the articles of
    /// the largest news pages seen lie whole (their scripts and data come after); the rest of a
    /// larger page is left, and the text marked cut. A page's tree takes a few times its bytes,
    /// and `full-text = yes` fetches four at once: with 4 MiB, four 30 MB pages peaked at 92 to
    /// 102 MiB from run to run (the limits benchmark, goal under 100 MiB); 3 MiB leaves room.
    public static let maxFetchedBytes = 3 << 20
    /// Less body text than this (characters other than spaces) may be no article: a page with
    /// so little is refused when it says it is a paywall or a video, and read otherwise.
    static let minimumText = 250
    /// Less than this is no article at all (a line or two).
    static let leastText = 100

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
        let foldedTitle = metadata.title.map(ContentCleaning.folded)
        var found = Reading.read(PageMeasures(tree), foldedTitle: foldedTitle, baseURL: baseURL)
        // Too little text once the parts named or tagged boilerplate are left out: an unclosed
        // `<header>` that holds the page, an article in a part named `print` or `footer`. The page
        // is read again going by tags alone (Readability's second pass), and the
        // reading with more prose is kept: a page holding an article is read, not refused.
        if found.writer.letters < minimumText {
            let relaxed = Reading.read(PageMeasures(tree, relaxed: true), foldedTitle: foldedTitle, baseURL: baseURL)
            if relaxed.writer.proseLetters > found.writer.proseLetters, relaxed.writer.linkShare <= 0.5 { found = relaxed }
        }
        let (roots, writer, measures) = (found.roots, found.writer, found.measures)
        let doubtful: Bool
        switch verdict(writer, fellBack: found.fellBack, measures: measures, metadata: metadata, url: url) {
        case .refused(let reason): return .failure(reason)
        case .article: doubtful = false
        case .doubtful: doubtful = true
        }
        var article =
            ExtractedArticle(
                url: url, canonicalURL: metadata.canonicalURL, title: metadata.title, byline: metadata.byline,
                published: metadata.published ?? Self.firstTime(tree, in: roots),
                leadImageURL: metadata.imageURL ?? writer.pictures.first, siteName: metadata.siteName,
                language: metadata.language, html: writer.html, text: writer.text,
                truncated: tree.truncated || writer.truncated)
        article.doubtful = doubtful
        return .success(article)
    }

    /// One reading of a page: the elements chosen as its article and the body written from them.
    private struct Reading {
        var measures: PageMeasures
        var roots: [Int]
        var writer: ArticleBodyWriter
        /// The article was read from the page's prose, the scoring's choice falling short.
        var fellBack: Bool

        static func read(_ measures: PageMeasures, foldedTitle: String?, baseURL: URL) -> Reading {
            let selection = ContentSelection(measures)
            func written(_ roots: [Int], whole: [Int] = []) -> ArticleBodyWriter {
                var cleaning = ContentCleaning(measures: measures, scores: selection.scores, foldedTitle: foldedTitle)
                cleaning.articleText = roots.reduce(0) { $0 + measures.text[$1] }
                var writer = ArticleBodyWriter(measures: measures, cleaning: cleaning, baseURL: baseURL)
                if let first = roots.min(), !measures.tree.nodes[first].isText { writer.writeParagraphs(LeadParagraphs.texts(before: first, measures)) }
                writer.write(roots, whole: whole)
                return writer
            }
            var reading = Reading(measures: measures, roots: selection.roots, writer: written(selection.roots, whole: selection.readWhole), fellBack: false)
            // Too little, or mostly links: the page's prose, wherever it sits, when it reads better.
            if reading.writer.letters < minimumText || reading.writer.linkShare > 0.5 {
                let prose = ProseBlocks.roots(measures)
                let other = written(prose)
                if other.proseLetters > reading.writer.proseLetters + reading.writer.proseLetters / 5, other.linkShare <= 0.5 {
                    (reading.roots, reading.writer, reading.fellBack) = (prose, other, true)
                }
            }
            return reading
        }
    }

    /// What the gate makes of the body found: no article (and why), an article, or one in doubt.
    private enum Verdict {
        case refused(NotAnArticle)
        case article
        /// It may be no article (a front page, a list of links): shown as found, marked so.
        case doubtful
    }

    /// Only a page that holds no article is refused: a short article, or one found only as the
    /// page's prose, is read, and one that may be a front page or a list of links is shown as
    /// found, marked doubtful (a refusal scores nothing where any reading scores something).
    private static func verdict(
        _ writer: ArticleBodyWriter, fellBack: Bool, measures: PageMeasures, metadata: PageMetadata, url: URL
    ) -> Verdict {
        let letters = writer.letters
        let isArticle = metadata.types.contains { $0 == "article" || $0.hasSuffix("article") || $0.hasSuffix("posting") }
        let path = url.path.lowercased()
        // A list of teasers: linked headings, each over a line or two of summary (a blog's home
        // page of whole posts under linked titles is no list: it is shown, marked doubtful).
        // Counted only where it decides: a pass over the page.
        var counted: Int?
        func linkedHeadings() -> Int {
            if let counted { return counted }
            counted = ProseBlocks.linkedHeadings(measures)
            return counted ?? 0
        }
        var teasers: Bool { linkedHeadings() >= 4 }
        var teaserList: Bool { teasers && writer.proseLetters < linkedHeadings() * 400 }
        var doubtful = false
        if !isArticle, ["", "/", "/index.html", "/index.htm", "/index.php", "/home"].contains(path) {
            // A site's front page: a list of teasers, mostly links or next to nothing is no
            // article; a small site's home page, or a blog's of whole posts, may be one.
            if writer.linkShare > 0.5 || teaserList || letters < leastText { return .refused(.homePage) }
            doubtful = writer.linkShare > 0.3 || letters < minimumText || teasers
        } else if writer.linkShare > 0.5 || (fellBack && !isArticle && teasers) {
            // Mostly links: a section's list of headlines, unless the address or the page says
            // it is one post (a blog's post of links: `/2020/01/23/links-of-the-week/`).
            guard isArticle || looksLikeAPost(path), !teaserList else { return .refused(.homePage) }
            doubtful = true
        }
        guard letters < minimumText else { return doubtful ? .doubtful : .article }
        if metadata.isPaywalled { return .refused(.paywall) }
        if metadata.types.contains(where: { $0.hasPrefix("video") || $0.hasPrefix("videoobject") || $0 == "imagegallery" }) {
            return .refused(.media)
        }
        if letters < leastText { return .refused(.noText) }
        return doubtful ? .doubtful : .article
    }

    /// An address that names one post: a date in its path (`/2020/01/23/`), or a last part that is
    /// a title of three words or more (`/links-of-the-week`), and no word a list's address has.
    static func looksLikeAPost(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        let listWords: Set<Substring> = [
            "category", "categories", "tag", "tags", "topic", "topics", "section", "archive", "archives", "author", "page", "search",
        ]
        guard !parts.contains(where: listWords.contains) else { return false }
        let numbers = parts.filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        if numbers.count >= 2, numbers.first.map({ $0.count == 4 }) == true { return true }
        guard let last = parts.last else { return false }
        return last.split(whereSeparator: { $0 == "-" || $0 == "_" }).count >= 3
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
