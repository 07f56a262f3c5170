import FoundationEssentials
import NewsCore
import HeadlinesSession
import HeadlinesKeys

/// One article: its header, its picture (fetched with a progress bar in a placeholder of the
/// picture's size, decoded off the main actor, kept for the session), its text wrapped to the
/// width with numbered links, and the image's facts. Closing the screen cancels the fetch and
/// the decode.
@MainActor
package final class ArticleScreen: Screen {
    package let kind = ScreenKind.article
    package internal(set) var state: ArticleState
    let services: AppServices
    private var layout = ScreenLayout(width: 0, height: 0, withImageRow: true)
    private var lineCount = 0
    /// The lines drawn last, for finding the link number a click lands on.
    private var shownLines: [StyledLine] = []
    private var hints = ArticleView.defaultHints
    private var linkHints = ArticleView.defaultLinkHints
    private var openLinkKey = Key.enter
    /// `|`'s prompt, while the command is typed.
    var pipePrompt: PipePrompt?
    /// The row of the list the article came from, with the marks as they are now.
    var row: ListRow
    /// The list `J`, `K` and `n` walk; nil for an article read on its own.
    weak var list: (any ArticleList)?
    /// The body, its lines and the picture's cells, each computed once.
    var parts: ArticleParts

    /// "⏎ open · q cancel", while a link number is typed.
    nonisolated static func linkHints(_ keys: KeyMap) -> String {
        keys.hints([.openLink, .back], on: .article, labels: [.openLink: "open", .back: "cancel"])
    }

    /// The one way into an article, whichever list it is read from: the row (whatever it holds,
    /// a whole article or only its heading) and the list. Opening marks it read; the article is
    /// then read whole from the cache, so it reads the same from every list.
    init(row: ListRow, list: (any ArticleList)?, services: AppServices) {
        self.services = services
        self.row = row
        self.list = list
        state = ArticleState(article: row.article, marks: ArticleMarks(row))
        parts = ArticleParts(state.shownArticle)
        present(row)
    }

    /// An article on its own (not from a list). `marks`: its marks in the cache (nil: it is not
    /// there, and cannot be marked).
    package convenience init(article: Article, services: AppServices, marks: ArticleMarks? = nil) {
        let row = ListRow(article: article, id: marks?.id, isRead: marks?.isRead ?? false, isStarred: marks?.isStarred ?? false)
        self.init(row: row, list: nil, services: services)
    }

    package func didAppear(_ context: ScreenContext) {
        hints = context.keys.hints(kind.hintedActions, on: kind, labels: [.down: "scroll"])
        linkHints = Self.linkHints(context.keys)
        openLinkKey = context.keys.keys(for: .openLink, on: kind).first ?? .enter
        readWhole(context)
        startPicture(context)
        // Reading marks the article read: a server refusing that mark says so here, where it was made.
        services.library.observe(self) { [weak self] event in
            guard let self, case .writeFailed(let sentence) = event else { return }
            self.state.show(Notice(sentence, kind: .error))
            context.setNeedsDisplay()
        }
    }

    /// Shows `row`'s article in place of this one (`J`, `K`, `n`).
    func show(_ row: ListRow, _ context: ScreenContext) {
        for key in [TaskKey.load, .image, .spinner, .fullText, .fullTextClock] { context.scope.cancel(key) }
        present(row)
        parts = ArticleParts(state.shownArticle)
        readWhole(context)
        startPicture(context)
    }

    /// The row's article from the top, marked read (in the cache and on the list's row).
    private func present(_ row: ListRow) {
        var row = row
        let opening = row.id != nil && !row.isRead
        if opening {
            row.isRead = true
            row.isNew = false
        }
        self.row = row
        state = ArticleState(article: row.article, marks: ArticleMarks(row))
        if opening, let marks = state.marks { marked(marks, write: .opened) }
    }

    /// The article as the cache holds it: a list's row may carry only its heading (a filtered
    /// list's rows do). Its marks stay the screen's (a mark may still be on its way to the cache).
    private func readWhole(_ context: ScreenContext) {
        guard let id = row.id else { return }  // not in the cache: the row is the whole article
        let library = services.library
        context.scope.run(.load, work: { try await library.article(id) }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let stored?) where stored != self.state.article:
                let newImage = stored.imageURL != self.state.article.imageURL
                self.row.article = stored
                self.state.replaceArticle(stored)
                self.parts.replaceText(of: self.state.shownArticle)
                if newImage { self.startPicture(context) }
            case .success:
                break  // the same, or pruned since the list was read: the row is all there is
            case .failure(let error):
                self.state.show(Notice(ErrorText.sentence(error), kind: .error))
            }
            context.setNeedsDisplay()
        }
    }

    /// The article's picture from the session's picture library (kept, else fetched and
    /// decoded there); its progress and header size the placeholder as they come.
    private func startPicture(_ context: ScreenContext) {
        parts.dropPicture()
        context.scope.cancel(.image)
        guard let url = state.article.imageURL else {
            context.scope.cancel(.spinner)
            return
        }
        let loader = services.imageLoader
        let pictures = services.pictures
        context.scope.run(
            .image,
            work: { report in try await pictures.picture(url, loader: loader, progress: report) },
            progress: { [weak self] (progress: PictureLibrary.Progress) in
                switch progress {
                case .transfer(let fetching):
                    self?.state.imageProgress(fetching.transfer)
                    if let size = fetching.pixelSize { self?.state.pictureHeader(size) }
                case .fetched(let info):
                    self?.state.imageLoaded(info)
                }
                context.setNeedsDisplay()
            },
            apply: { [weak self] result in
                context.scope.cancel(.spinner)
                switch result {
                case .success(let picture):
                    self?.state.imageLoaded(picture.info)
                    self?.state.pictureDecoded(picture.pixels)
                case .failure(PictureLibrary.Failure.decode(let error)):
                    self?.state.pictureFailed(ErrorText.sentence(error))
                case .failure(PictureLibrary.Failure.fetch(let error)), .failure(let error):
                    self?.state.imageFailed(ErrorText.sentence(error))
                }
                context.setNeedsDisplay()
            }
        )
        context.startTicker(.spinner) { [weak self] in self?.state.advanceTick() }
    }

    package func takeNotice() -> Notice? { state.takeNotice() }

    package func render(into canvas: inout Canvas) {
        layout = ScreenLayout(canvas, withImageRow: state.article.imageURL != nil, textWidth: services.settings.textWidth)
        state.showPicture(services.settings.showsPictures)  // the session's, whichever article this is
        var view = ArticleView(state: state, layout: layout)
        view.geometry = pictureGeometry
        view.pictureHeight = services.settings.pictureHeight
        let lines = parts.lines(of: view)
        lineCount = lines.count
        shownLines = lines.lines
        state.clamp(lineCount: lineCount, rows: layout.bodyRows)
        view.state = state
        view.downloadsSummary = DownloadsText.summary(services.downloads)
        view.keyHints = hints
        view.linkHints = linkHints
        view.prompt = pipePrompt?.statusText(width: layout.width)
        view.render(lines, picture: parts.picture(state, slot: lines.slot, depth: services.pictureDepth, geometry: pictureGeometry), into: &canvas)
    }

    /// Half blocks, or the terminal's own pixels where it draws them.
    private var pictureGeometry: PictureGeometry {
        services.pixelDisplay.map(PictureGeometry.pixels) ?? .halfBlocks
    }

    package func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome {
        if pipePrompt != nil {
            return HandOff.answer(&pipePrompt, action, columns: layout.textColumns, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        }
        if let movement = Movement(action, pageRows: layout.bodyRows) {
            state.scroll(movement, lineCount: lineCount, rows: layout.bodyRows)
            return .handled
        }
        if state.linkNumber != nil, action != .openLink {
            state.endLinkNumber()  // any other key ends the number's entry; back only that
            if action == .back { return .handled }
        }
        switch action {
        case .openLink:
            openLink(context)
        case .togglePicture:
            // For the session, as `show-pictures` sets it: every article after this one too.
            services.settings.showsPictures.toggle()
            state.showPicture(services.settings.showsPictures)
            state.show(Notice(services.settings.showsPictures ? "Pictures shown." : "Pictures hidden for this session (i shows them)."))
        case .toggleRead:
            guard let marks = state.toggleRead() else { return notInTheCache() }
            marked(marks, write: .read)
        case .toggleStar:
            guard let marks = state.toggleStar() else { return notInTheCache() }
            marked(marks, write: .starred)
        case .nextArticle, .previousArticle:
            step(by: action == .nextArticle ? 1 : -1, context)
        case .nextUnread:
            nextUnread(context)
        case .previousUnread:
            nextUnread(context, backwards: true)
        case .openInBrowser:
            // Read in the browser is read: `o` marks it so, as opening it here does.
            if let marks = state.markRead() { marked(marks, write: .opened) }
            HandOff.openInBrowser(state.article, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        case .saveImage:
            state.show(DownloadsText.refusal(services.downloads.save(state.article, id: state.marks?.id)))
        case .fullText:
            fullText(context)
        case .pipeArticle:
            pipePrompt = PipePrompt(article: state.shownArticle, id: row.id, command: services.settings.pipe.command)
            pipePrompt?.fullText = state.showsFullText
        case .saveArticle:
            let home = services.downloads.homeDirectory
            services.downloads.saveArticle(state.shownArticle, id: row.id, fullText: state.showsFullText) { [weak self] result in
                switch result {
                case .success(let file): self?.state.show(Notice("Saved to " + DownloadsText.displayPath(file, home: home), kind: .success))
                case .failure(let error): self?.state.show(Notice(ErrorText.sentence(error), kind: .error))
                }
                context.setNeedsDisplay()
            }
        case .downloadEnclosure:
            state.show(DownloadsText.refusal(services.downloads.download(state.article, id: state.marks?.id)))
        case .playEnclosure:
            HandOff.playEnclosure(state.article, id: state.marks?.id, services: services, context: context) { [weak self] notice in
                self?.state.show(notice)
            }
        case .downloads:
            return .push(DownloadsScreen(services: services))
        default:
            return .ignored
        }
        return .handled
    }

    private func notInTheCache() -> KeyOutcome {
        state.show(Notice("This article is not in the cache, so it cannot be marked."))
        return .handled
    }

    package var capturesText: Bool { pipePrompt != nil }

    /// A click on a link's number (`[3]` after its text, or in the list of links) opens it.
    package func click(column: Int, row: Int, count: Int, _ context: ScreenContext) -> KeyOutcome {
        let line = state.offset + row - layout.bodyTop
        guard pipePrompt == nil, row >= layout.bodyTop, row - layout.bodyTop < layout.bodyRows, shownLines.indices.contains(line),
            let number = shownLines[line].linkNumber(atColumn: column - ArticleView.textX, style: RichTextLayout.linkNumberStyle)
        else { return .ignored }
        state.endLinkNumber()
        openLink(number, context)
        return .handled
    }
    package var takesPastedText: Bool { pipePrompt != nil }

    /// Digits type a link's number (shown in the status bar); while `|`'s prompt is up, keys type its command.
    package func handle(unbound key: Key, _ context: ScreenContext) -> KeyOutcome {
        if pipePrompt != nil {
            pipePrompt?.type(key)
            return .handled
        }
        guard case .character(let character) = key, character.isASCII, character.isNumber else { return .ignored }
        guard let links = parts.richText?.links, !links.isEmpty else {
            state.show(Notice("This article has no numbered links."))
            return .handled
        }
        state.typeLinkDigit(character)
        return .handled
    }

    private func openLink(_ context: ScreenContext) {
        let links = parts.richText?.links ?? []
        guard let number = state.endLinkNumber() else {
            state.show(
                Notice(
                    links.isEmpty
                        ? "This article has no numbered links."
                        : "Type a link's number (1 to \(links.count)), then \(openLinkKey.hintLabel)."))
            return
        }
        openLink(number, context)
    }

    /// Opens link `number` in the browser (typed, or clicked in the text).
    private func openLink(_ number: Int, _ context: ScreenContext) {
        let links = parts.richText?.links ?? []
        guard let url = parts.richText?.link(number) else {
            let count = links.count == 1 ? "1 link" : "\(links.count) links"
            state.show(Notice("There is no link \(number): the text has \(count).", kind: .error))
            return
        }
        HandOff.openInBrowser(url, services: services, context: context) { [weak self] notice in
            self?.state.show(notice)
        }
    }
}

extension TaskKey {
    /// The article's picture, fetched and decoded by the session's picture library.
    static let image = TaskKey("image")
    /// Reading the article's full text from its page (`x`).
    static let fullText = TaskKey("full-text")
    /// The clock shown while `x` reads the page (its seconds going on).
    static let fullTextClock = TaskKey("full-text-clock")
}
