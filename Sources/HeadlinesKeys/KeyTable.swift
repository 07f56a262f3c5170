/// The default keys, as data: the one place a key is spelled. Screens act on actions, the help
/// screen and the status-bar hints are generated from this table, and the README's key table is
/// checked against it.
package enum KeyTable {
    static let articleScreens: KeyScope = .screens([.headlines, .article])
    /// Where an article is at hand: a list, the Search screen's results, an article.
    static let articleLists: KeyScope = .screens([.headlines, .article, .search])

    package static let defaults: [KeyBinding] = [
        KeyBinding(
            .back, [.character("q"), .escape], .everywhere,
            "Back; q quits on the first screen, Esc never does (with saves in flight: wait for them, q again cancels them)", hint: "back"),
        KeyBinding(.help, [.character("?")], .everywhere, "This help (again: close it)", hint: "help"),
        KeyBinding(.redraw, [.control("l")], .everywhere, "Redraw the screen"),
        KeyBinding(.quit, [.character("Q")], .everywhere, "Quit, from any screen (saves in flight: as q on the first screen)"),
        KeyBinding(
            .reloadConfig, [.control("r")], .everywhere,
            "Read the config file again: sources, query feeds, rules and settings (a mistake is said, and the config in use kept)"),
        KeyBinding(.down, [.character("j"), .down], .moving, "Down one row (in an article: scroll)"),
        KeyBinding(.up, [.character("k"), .up], .moving, "Up one row (in an article: scroll)"),
        KeyBinding(.pageDown, [.pageDown, .character(" "), .control("f")], .moving, "Down a page"),
        KeyBinding(.pageUp, [.pageUp, .character("b"), .control("b")], .moving, "Up a page"),
        KeyBinding(.first, [.character("g"), .home], .moving, "To the first row (the top)"),
        KeyBinding(.last, [.character("G"), .end], .moving, "To the last row (the end)"),
        KeyBinding(
            .read, [.enter, .character("l"), .right], .screens([.sources, .headlines, .search]),
            "Open the selected source, or read the selected article", hint: "read"),
        KeyBinding(
            .reload, [.character("r")], .screens([.sources, .headlines]),
            "Refresh the source in view (on the Sources screen: the selected one); during a load, restart it", hint: "refresh"),
        KeyBinding(
            .reloadAll, [.character("R")], .screens([.sources, .headlines]), "Read the config file again, then refresh every source",
            hint: "refresh all"),
        KeyBinding(
            .openInBrowser, [.character("o")], articleLists,
            "Open the article in the browser (the config's browser =, else $BROWSER, else xdg-open), and mark it read", hint: "open"),
        // Before `d`: the Headlines keys come before those of Headlines and Article in the help,
        // whose second page then ends with `D`.
        KeyBinding(.downloadAllEnclosures, [.character("E")], .screens([.headlines]), "Download every enclosure in the list"),
        KeyBinding(.saveImage, [.character("d")], articleScreens, "Save the article's image", hint: "save"),
        KeyBinding(.pipeArticle, [.character("|")], articleScreens, "Pipe the article to a command (pipe-command, pipe-format)"),
        KeyBinding(.downloadEnclosure, [.character("e")], articleScreens, "Download the enclosure (podcast) to podcast-dir"),
        KeyBinding(.playEnclosure, [.character("P")], articleScreens, "Play the downloaded enclosure (player =)"),
        KeyBinding(
            .openLink, [.enter], .screens([.article]),
            "Open link N of the text in the browser: type N (the status bar shows it), then this key; Esc cancels",
            hint: "open link"),
        KeyBinding(.togglePicture, [.character("i")], .screens([.article]), "Show or hide the article's picture", hint: "picture"),
        KeyBinding(
            .fullText, [.character("x")], .screens([.article]),
            "Read the full text from the article's page in place of the feed's summary (kept in the cache); again: the feed's text",
            hint: "full text"),
        KeyBinding(.saveArticle, [.character("s")], .screens([.article]), "Save the article as Markdown in the save folder"),
        KeyBinding(
            .nextPane, [.tab], .screens([.sources, .headlines, .article, .search]),
            "With the list and the article side by side (layout, on a wide terminal): the focus to the next pane"),
        KeyBinding(
            .previousPane, [.backTab], .screens([.sources, .headlines, .article, .search]), "With panes side by side: the focus to the previous pane"),
        KeyBinding(.toggleRead, [.character("N")], articleLists, "Mark the article read, or unread again", hint: "read/unread"),
        KeyBinding(
            .markAllRead, [.character("A")], .screens([.sources, .headlines]),
            "Mark every article of the list (on the Sources screen: of the selected source, group, tag or query feed) read (over a screenful: asks first)"
        ),
        KeyBinding(.undo, [.character("u")], .screens([.sources, .headlines]), "Undo the last marking of the session (A, C, N, *)"),
        KeyBinding(.markEverythingRead, [.character("C")], .screens([.sources]), "Mark every article of every source read (asks first)"),
        KeyBinding(.toggleStar, [.character("*")], articleLists, "Star the article, or unstar it", hint: "star"),
        KeyBinding(
            .nextUnread, [.character("n")], .screens([.sources, .headlines, .article]),
            "Read the next unread article (after a source's last: the first of the next source with unread articles; on the Sources screen: after the selected source)",
            hint: "next unread"),
        KeyBinding(
            .previousUnread, [.character("p")], .screens([.sources, .headlines, .article]),
            "Read the previous unread article (before a source's first: the last of the previous source with unread articles)"),
        KeyBinding(.nextArticle, [.character("J")], .screens([.article]), "Read the next article of the list"),
        KeyBinding(.previousArticle, [.character("K")], .screens([.article]), "Read the previous article of the list"),
        KeyBinding(.nextSource, [.character("J")], .screens([.headlines]), "In a source's list: the next source's list"),
        KeyBinding(.previousSource, [.character("K")], .screens([.headlines]), "In a source's list: the previous source's list"),
        KeyBinding(
            .filter, [.character("/")], .screens([.sources, .headlines, .search]),
            "Filter the list as you type: articles by title and source, sources by name (Enter keeps the filter, Esc clears it); "
                + "on the Search screen's results: back to the query", hint: "filter"),
        KeyBinding(
            .tags, [.character("t")], .screens([.sources]),
            "Show the tags with their counts (Enter opens one; t again: sources)", hint: "tags"),
        KeyBinding(
            .search, [.character("S")], .screens([.sources, .headlines, .search]),
            "Search every cached article's title, summary and text (and NewsAPI, on a NewsAPI source); "
                + "on its results: back to the query (Enter or ↓ go to the results)", hint: "search"),
        KeyBinding(
            .cycleSort, [.character("s")], .screens([.headlines]),
            "Sort by date, date-asc, title or source, in turn (sort = starts it)"),
        KeyBinding(
            .toggleShowRead, [.character("U")], .screens([.headlines]),
            "Show unread articles only, or all again (show-read = starts it)"),
        KeyBinding(.saveAllImages, [.character("D")], .screens([.headlines]), "Save every image in the list (opens the downloads)"),
        KeyBinding(
            .downloads, [.character("w")], .screens([.headlines, .article, .downloads]),
            "Show the downloads (on the downloads: close them)", hint: "downloads"),
        KeyBinding(.cancelDownload, [.character("c")], .screens([.downloads]), "Cancel the selected save", hint: "cancel"),
        KeyBinding(.cancelAllDownloads, [.character("C")], .screens([.downloads]), "Cancel every save", hint: "cancel all"),
        KeyBinding(.back, [.character("h"), .left, .backspace], .screens([.article]), "Back to the list"),
    ]
}

extension KeyTable {
    /// The key table as the README shows it (a test keeps the two the same).
    package static func markdown(_ keys: KeyMap = KeyMap()) -> String {
        var lines = ["| Keys | Action | Where |", "| --- | --- | --- |"]
        for binding in keys.bindings where !binding.keys.isEmpty {
            let names = binding.keys.map { "`\($0.label == "`" ? "` ` `" : $0.label)`" }.joined(separator: " ")
            // A | in a cell, even in a code span, is written \| (GitHub's tables).
            lines.append("| \(names.replacing("|", with: "\\|")) | \(binding.help.replacing("|", with: "\\|")) | \(binding.scope.title) |")
        }
        return lines.joined(separator: "\n")
    }
}
