import HeadlinesKeys
import HeadlinesSession

/// Panes side by side on a wide terminal: which screens at the top of the stack show together,
/// where the keys go when a pane below the top has them (Tab), the pane to the right following
/// the selection, and each pane drawn into its area.
extension App {
    /// The screens at the top of the stack that show side by side, each with its area, and the
    /// dividers between them.
    struct Shown {
        struct Entry {
            let pane: PaneLayout.Pane
            /// Its place in the stack.
            let index: Int
            let area: Rect
        }

        let entries: [Entry]
        let dividers: [Rect]

        func entry(_ pane: PaneLayout.Pane) -> Entry? { entries.first { $0.pane == pane } }
    }

    /// The panes side by side now, left to right (none for one screen); for the benchmark.
    package var shownPanes: [PaneLayout.Pane] { sideBySide()?.entries.map(\.pane) ?? [] }

    /// The screen at the top of the stack.
    package var topScreen: (any Screen)? { stack.last?.screen }

    /// What shows side by side now: an article opened from a list, with the Sources screen it
    /// came from at three-pane widths; or, at those widths, a list beside the Sources screen;
    /// nil for one screen (a narrow terminal, `layout = single`, any other screen on top).
    func sideBySide() -> Shown? {
        let count = stack.count
        guard count >= 2 else { return nil }
        let (width, height) = driver.size
        guard width >= Self.minimumSize.width, height >= Self.minimumSize.height else { return nil }
        let layout = paneLayout(width, height, paneSizes)
        guard !layout.isSingle else { return nil }
        let screens = stack.map(\.screen)
        let sources = layout.area(of: .sources)
        if screens[count - 1] is PaneArticle, screens[count - 2] is PaneList {
            if count >= 3, screens[count - 3] is PaneSources, let sources, let list = layout.area(of: .list), let article = layout.area(of: .article) {
                let entries = [Shown.Entry(pane: .sources, index: count - 3, area: sources), .init(pane: .list, index: count - 2, area: list)]
                return Shown(entries: entries + [.init(pane: .article, index: count - 1, area: article)], dividers: layout.dividers)
            }
            let two = sources == nil ? layout : layout.twoPanes()
            guard let list = two.area(of: .list), let article = two.area(of: .article) else { return nil }
            return Shown(
                entries: [.init(pane: .list, index: count - 2, area: list), .init(pane: .article, index: count - 1, area: article)], dividers: two.dividers)
        }
        if screens[count - 1] is PaneList, screens[count - 2] is PaneSources, let sources, let list = layout.area(of: .list),
            let article = layout.area(of: .article), let divider = layout.dividers.first
        {
            // No article yet: the list takes the article's columns too.
            let wide = Rect(x: list.x, y: list.y, width: article.maxX - list.x, height: list.height)
            return Shown(
                entries: [.init(pane: .sources, index: count - 2, area: sources), .init(pane: .list, index: count - 1, area: wide)], dividers: [divider])
        }
        return nil
    }

    /// What a key the pane at `index` (below the top) handled does beside the panes to its
    /// right: what it opens in the next pane (a list from the Sources, an article from a list)
    /// takes that pane and the keys, another screen goes over them all, leaving it closes it and
    /// those to its right; its selection moving makes the next pane follow once the keys rest.
    func handleInPane(_ outcome: KeyOutcome, at index: Int) {
        switch outcome {
        case .handled:
            followSelection(at: index)
        case .ignored:
            break
        case .reloadConfig:
            if let notice = onReloadConfig?() { stack[index].context.show(notice) }
        case .close:
            focusedPane = nil
            while stack.count > index { pop() }
        case .quit:
            requestQuit()
        case .push(let screen) where Self.opensBeside(screen, from: stack[index].screen):
            focusedPane = nil
            while stack.count > index + 1 { pop() }
            push(screen)
        case .push(let screen):
            focusedPane = nil
            push(screen)
        case .openHelp:
            focusedPane = nil
            push(helpScreen())
        }
        setNeedsDisplay()
    }

    /// Whether `screen`, opened from `pane`, is what the pane to its right shows: a list from the Sources, an article from a list.
    private static func opensBeside(_ screen: any Screen, from pane: any Screen) -> Bool {
        (pane is PaneSources && screen is PaneList) || (pane is PaneList && screen is PaneArticle)
    }

    /// After a pause (see `followPause`), the pane right of `index` shows what its selection
    /// names, the keys staying where they are.
    private func followSelection(at index: Int) {
        follow?.cancel()
        let pane = focusedPane
        follow = Task { [weak self] in
            try? await Task.sleep(for: Self.followPause)  // cancelled by the next key: then nothing opens
            guard !Task.isCancelled, let self, self.focusedPane == pane, self.sideBySide() != nil, let next = self.selectionToShow(at: index) else { return }
            while self.stack.count > index + 1 { self.pop() }
            self.push(next)
        }
    }

    /// What the pane at `index` would show to its right for its selection, when that is not
    /// what shows there now: the Sources' selected row's list, a list's selected article.
    private func selectionToShow(at index: Int) -> (any Screen)? {
        guard stack.count > index + 1 else { return nil }
        let (pane, beside) = (stack[index], stack[index + 1].screen)
        if let sources = pane.screen as? PaneSources {
            guard let next = sources.listForSelection(), (beside as? HeadlinesScreen)?.articles != next.articles else { return nil }
            return next
        }
        guard let list = pane.screen as? PaneList, let article = beside as? PaneArticle, let wanted = list.selectedArticle, wanted != article.shownArticle,
            case .push(let next) = pane.screen.perform(.read, pane.context), next is PaneArticle
        else { return nil }
        return next
    }

    /// Draws `entry` into `area` of `canvas`; a pane without the focus dimmed.
    func draw(_ entry: (screen: any Screen, context: ScreenContext), in area: Rect, focused: Bool, into canvas: inout Canvas) {
        if let notice = entry.screen.takeNotice() { entry.context.show(notice, redraw: false) }
        var pane = Canvas(width: area.width, height: area.height)
        pane.statusMessage = entry.context.message
        entry.screen.render(into: &pane)
        if !focused {
            pane.restyle { style in
                var dimmed = style
                dimmed.dim = true
                return dimmed
            }
        }
        canvas.place(pane, in: area)
    }
}
