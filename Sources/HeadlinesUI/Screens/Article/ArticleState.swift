import FoundationEssentials
import NewsCore
import HeadlinesSession

/// The article screen's state: the article, how far it is scrolled, its image's fetch and
/// picture, and a link number being typed. Changed only by the methods below.
package struct ArticleState: Equatable, HoldsNotice {
    package enum Image: Equatable {
        case none
        case loading(TransferProgress?)
        case loaded(ImageInfo)
        case failed(String)
    }

    /// The picture drawn above the text.
    package enum Picture: Equatable {
        /// No image, or it could not be fetched (the image line says why): no room is kept.
        case none
        /// Fetching or decoding; the header's pixel size once known.
        case pending(PixelSize?)
        /// The decoded pixels (at most the session's `PictureLibrary.decodeBox`) and the header's size.
        case decoded(RGBImage, header: PixelSize?)
        /// Why there is no picture, in one sentence (damaged, too large, a format with no preview).
        case unavailable(String)
    }

    package private(set) var article: Article
    package private(set) var offset = 0
    package private(set) var image: Image
    package private(set) var picture: Picture
    /// The picture (and its room) is shown: `show-pictures`, and `i` for the session.
    package private(set) var showsPicture = true
    /// The digits of a link number being typed, shown in the status bar until Enter or Esc.
    package private(set) var linkNumber: String?
    package private(set) var notice: Notice?
    package private(set) var tick = 0
    /// Read and starred, when the article is in the cache.
    package private(set) var marks: ArticleMarks?
    /// The full text read from the article's page is shown in place of the feed's (`x` toggles).
    package private(set) var showsFullText = true
    /// The article's page is being read (`x`).
    package private(set) var readsFullText = false
    /// When `x` started reading the page.
    package private(set) var fullTextSince: ContinuousClock.Instant?

    /// A link number has at most this many digits (documents number at most 100 links).
    package static let maxLinkDigits = 3

    package init(article: Article, marks: ArticleMarks? = nil) {
        self.article = article
        self.marks = marks
        image = article.imageURL == nil ? .none : .loading(nil)
        picture = article.imageURL == nil ? .none : .pending(nil)
    }

    /// Scrolls, keeping the last page of `lineCount` lines in `rows` rows filled.
    package mutating func scroll(_ movement: Movement, lineCount: Int, rows: Int) {
        offset = movement.applied(to: offset, maximum: lineCount - rows)
    }

    /// Keeps the offset in range after the text or the window changed.
    package mutating func clamp(lineCount: Int, rows: Int) {
        offset = Movement.by(0).applied(to: offset, maximum: lineCount - rows)
    }

    package mutating func imageProgress(_ progress: TransferProgress) { image = .loading(progress) }

    package mutating func imageLoaded(_ info: ImageInfo) {
        image = .loaded(info)
        if case .pending = picture, let width = info.width, let height = info.height {
            pictureHeader(PixelSize(width: width, height: height))
        }
    }

    /// The fetch failed: the image line says why, and the picture's room goes.
    package mutating func imageFailed(_ message: String) {
        image = .failed(message)
        picture = .none
    }

    /// The header's pixel size arrived: the placeholder takes the picture's final size (a
    /// tracking pixel's room goes).
    package mutating func pictureHeader(_ size: PixelSize) {
        guard case .pending = picture else { return }
        picture = Self.isTrackingPixel(size) ? .none : .pending(size)
    }

    package mutating func pictureDecoded(_ pixels: RGBImage) {
        picture = Self.isTrackingPixel(headerSize ?? pixels.size) ? .none : .decoded(pixels, header: headerSize)
    }

    /// An image of at most 2×2 pixels is there to be counted, not seen (a feed's tracking
    /// pixel that declared no size): it is not drawn.
    static func isTrackingPixel(_ size: PixelSize) -> Bool { size.width <= 2 && size.height <= 2 }

    package mutating func pictureFailed(_ reason: String) { picture = .unavailable(reason) }

    package mutating func showPicture(_ shown: Bool) { showsPicture = shown }

    /// The size the picture's room is computed from: the header's, else the decoded pixels'.
    package var pictureSource: PixelSize? {
        switch picture {
        case .pending(let size): return size
        case .decoded(let pixels, let header): return header ?? pixels.size
        case .none, .unavailable: return nil
        }
    }

    private var headerSize: PixelSize? {
        switch picture {
        case .pending(let size): return size
        case .decoded(_, let header): return header
        case .none, .unavailable: return nil
        }
    }

    /// Adds a typed digit to the link number (a leading 0 and digits past the most are ignored).
    package mutating func typeLinkDigit(_ digit: Character) {
        guard digit.isASCII, digit.isNumber else { return }
        let typed = linkNumber ?? ""
        guard typed.count < Self.maxLinkDigits, !(typed.isEmpty && digit == "0") else { return }
        linkNumber = typed + String(digit)
        notice = nil
    }

    /// Ends the link number's entry; returns the number typed, if any.
    @discardableResult
    package mutating func endLinkNumber() -> Int? {
        defer { linkNumber = nil }
        return linkNumber.flatMap { Int($0) }
    }

    /// `N`: read, or unread again; the new marks, nil when the article is not in the cache.
    package mutating func toggleRead() -> ArticleMarks? {
        marks?.isRead.toggle()
        if let marks { notice = Notice(marks.isRead ? "Marked read." : "Marked unread.") }
        return marks
    }

    /// Marks it read (`o`); the new marks, nil when it was read already or is not in the cache.
    package mutating func markRead() -> ArticleMarks? {
        guard let current = marks, !current.isRead else { return nil }
        marks?.isRead = true
        return marks
    }

    /// The whole article from the cache in place of what the list's row held: the image's
    /// state starts again only when the image is another.
    package mutating func replaceArticle(_ whole: Article) {
        if whole.imageURL != article.imageURL {
            image = whole.imageURL == nil ? .none : .loading(nil)
            picture = whole.imageURL == nil ? .none : .pending(nil)
        }
        article = whole
    }

    /// `*`: starred, or no longer; the new marks, nil when the article is not in the cache.
    package mutating func toggleStar() -> ArticleMarks? {
        marks?.isStarred.toggle()
        if let marks { notice = Notice(marks.isStarred ? "Starred." : "No longer starred.") }
        return marks
    }

    /// The article as the screen shows, saves and pipes it: with the full text read from its
    /// page in place of the feed's body while that is shown.
    package var shownArticle: Article { showsFullText ? article.readingFullText : article.readingFeedText }

    /// `x` started reading the page at `now`: the status line says so, with its seconds, for as
    /// long as it reads (a page that trickles may take up to the read's deadline).
    package mutating func fullTextStarted(at now: ContinuousClock.Instant = .now) {
        readsFullText = true
        fullTextSince = now
    }

    /// What the status line says while `x` reads the page; nil when it is not reading.
    package func fullTextReading(at now: ContinuousClock.Instant = .now) -> String? {
        guard readsFullText, let fullTextSince else { return nil }
        let seconds = (now - fullTextSince).components.seconds
        return "\(Spinner.frame(tick)) Reading the article's page…" + (seconds >= 1 ? " \(seconds) s" : "")
    }

    /// The page's full text arrived: it is shown from the top.
    package mutating func fullTextRead(_ fullText: FullText) {
        readsFullText = false
        fullTextSince = nil
        article.fullText = fullText
        showsFullText = true
        offset = 0
        notice =
            fullText.doubtful
            ? Notice("The page at " + FullTextLine.place(fullText.page) + " reads as a list of links, shown as found: x shows the feed's text.")
            : Notice("The full text from " + FullTextLine.place(fullText.page) + ".", kind: .success)
    }

    /// The page could not be read, or holds no article: the feed's text stays, and `reason` says why.
    package mutating func fullTextFailed(_ reason: String) {
        readsFullText = false
        fullTextSince = nil
        notice = Notice(reason, kind: .error)
    }

    /// `x` with a full text at hand: the feed's text, or the full text again.
    package mutating func toggleFullText() {
        showsFullText.toggle()
        offset = 0
        notice = Notice(showsFullText ? "The full text from the article's page." : "The feed's text.")
    }

    package mutating func show(_ notice: Notice?) { self.notice = notice }
    package mutating func advanceTick() { tick += 1 }
}
