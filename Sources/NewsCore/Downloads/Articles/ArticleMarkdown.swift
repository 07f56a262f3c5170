import FoundationEssentials

/// An article as a Markdown file (`s`): its title as a heading, its link, source and date, its
/// picture, then its text, each picture of the text as `![alt](address)` on a line of its own.
/// Everything in it passed the sanitiser when the article was stored.
public enum ArticleMarkdown {
    public static func text(_ article: Article) -> String {
        var lines = ["# " + article.title, ""]
        if let url = article.url { lines += ["<\(url.absoluteString)>", ""] }
        let about = [article.sourceName, article.author.map { "by " + $0 }, article.publishedAt.map(ISO8601.formatUTC)]
            .compactMap { $0 }
        if !about.isEmpty { lines += [about.joined(separator: " · "), ""] }
        let rich = article.body.map { HTMLText.richText($0, baseURL: article.url) }
        // The article's own picture first, unless its text shows it.
        if let image = article.imageURL, rich.map({ !$0.links.contains(image) }) ?? true {
            lines += [picture(alt: article.title, image), ""]
        }
        let body = rich.map(text(of:))
        if let text = body ?? article.content ?? article.description, !text.isEmpty { lines += [text, ""] }
        return lines.joined(separator: "\n")
    }

    /// `![alt](address)`, with what would end the alt text or the address escaped.
    static func picture(alt: String, _ url: URL) -> String {
        let alt = alt.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
        let address = url.absoluteString.replacing("(", with: "%28").replacing(")", with: "%29").replacing(" ", with: "%20")
        return "![\(alt)](\(address))"
    }

    /// The text as `HTMLText.plainText` gives it (blocks on lines of their own), each picture of
    /// it (`[image: alt]`, numbered with its address) as `![alt](address)` on a line of its own.
    static func text(of rich: RichText) -> String {
        func runs(_ runs: [RichRun]) -> String {
            var lines = [""]
            for run in runs {
                if run.style.contains(.placeholder), let number = run.link, let label = rich.labels[number], label.hasPrefix("image"),
                    let url = rich.link(number)
                {
                    let alt = label.hasPrefix("image: ") ? String(label.dropFirst("image: ".count)) : ""
                    if lines[lines.count - 1].allSatisfy({ $0 == " " }) { lines.removeLast() }
                    lines += [picture(alt: alt, url), ""]
                } else {
                    lines[lines.count - 1] += run.text
                }
            }
            return lines.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        return rich.blocks.map { block in
            switch block.content {
            case .paragraph(let content), .heading(_, let content), .listItem(_, let content): runs(content)
            case .preformatted(let lines): lines.joined(separator: "\n")
            case .table(let rows): rows.map { $0.map(\.text).filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: "\n")
            case .rule: ""
            }
        }
        .filter { !$0.isEmpty }
        .joined(separator: "\n")
    }
}

/// Saves an article as Markdown in the save folder: a safe name made from its title (as images'
/// are), written atomically (the path holds the whole file or nothing).
public enum ArticleFile {
    public struct SaveError: ReadableError, Equatable {
        public let message: String
    }

    /// Writes the article's Markdown into `folder`; returns the file.
    public static func save(_ article: Article, in folder: URL) throws(SaveError) -> URL {
        // The link tells two articles of one title apart; one without a link uses its identity.
        let key = article.url ?? URL(fileURLWithPath: "/" + SafeFileName.shortHash(article.identity))
        let url = folder.appendingPathComponent(SafeFileName.stem(title: article.title, imageURL: key) + ".md")
        do {
            try AtomicFileWriter.write(Data(ArticleMarkdown.text(article).utf8), to: url, mode: 0o644)
        } catch {
            throw SaveError(message: "The article could not be saved in \(folder.path): \(error.reason).")
        }
        return url
    }
}
