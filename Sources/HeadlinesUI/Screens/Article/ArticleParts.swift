import NewsCore
import HeadlinesSession

/// The one place an article's parts are computed for drawing, each once and kept while what
/// it depends on holds: the body read from its HTML (once per article), its lines (once per
/// width), the whole article's lines (once per width and picture room), and the picture as
/// cells (once per room, colour depth and decoded size). `ArticleView` only draws them.
struct ArticleParts {
    /// The body as read from its HTML or text; nil when the article has none.
    private(set) var richText: RichText?
    private var body: (width: Int, lines: [StyledLine])?
    private var laidOut: (key: LinesKey, lines: ArticleLines)?
    private var scaled: (key: PictureKey, picture: ArticlePicture)?

    private struct LinesKey: Equatable {
        var width: Int
        var slot: PictureSlot?
        var reason: String?
    }

    private struct PictureKey: Equatable {
        var slot: PictureSlot
        var depth: PictureColourDepth
        var geometry: PictureGeometry
        var source: PixelSize
    }

    /// `article` as shown (`ArticleState.shownArticle`).
    init(_ article: Article) {
        richText = ArticleText.richText(article)
    }

    /// The article's text changed (read whole from the cache, its full text read or put aside):
    /// its lines go, its picture stays. `article` is the article as shown.
    mutating func replaceText(of article: Article) {
        richText = ArticleText.richText(article)
        body = nil
        laidOut = nil
    }

    /// A new image is on its way: the old picture's cells go.
    mutating func dropPicture() { scaled = nil }

    /// `view`'s lines, kept unless the width or the picture's room changed; the body is laid
    /// out again only when the width changed.
    mutating func lines(of view: ArticleView) -> ArticleLines {
        let state = view.state
        var reason: String?
        if state.showsPicture, case .unavailable(let text) = state.picture { reason = text }
        let key = LinesKey(width: view.layout.width, slot: view.slot(), reason: reason)
        if let laidOut, laidOut.key == key { return laidOut.lines }
        if body?.width != key.width {
            body = (key.width, ArticleText.body(state.shownArticle, richText: richText, columns: view.layout.textColumns))
        }
        let lines = view.lines(body: body?.lines ?? [])
        laidOut = (key, lines)
        return lines
    }

    /// The decoded picture for `slot`: as cells at `depth`, or scaled for a terminal that draws
    /// pixels (`geometry` other than half blocks); nil while there is none to draw.
    mutating func picture(
        _ state: ArticleState, slot: PictureSlot?, depth: PictureColourDepth, geometry: PictureGeometry = .halfBlocks
    ) -> ArticlePicture? {
        guard let slot, case .decoded(let pixels, _) = state.picture else { return nil }
        let key = PictureKey(slot: slot, depth: depth, geometry: geometry, source: pixels.size)
        if let scaled, scaled.key == key { return scaled.picture }
        let picture: ArticlePicture
        if geometry == .halfBlocks {
            picture = .cells(PictureCells(pixels, columns: slot.columns, rows: slot.rows, depth: depth))
        } else {
            picture = .pixels(PixelImage(pixels.scaled(fitting: geometry.pixelSize(columns: slot.columns, rows: slot.rows))))
        }
        scaled = (key, picture)
        return picture
    }
}

/// The article's picture ready to draw: cells, or pixels the terminal draws itself.
package enum ArticlePicture {
    case cells(PictureCells)
    case pixels(PixelImage)
}
