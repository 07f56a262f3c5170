import FoundationEssentials

/// An article as a Markdown file (`s`): its title as a heading, its link, source and date, its
/// picture, then its text as real Markdown (see `MarkdownWriter`). Everything in it passed the
/// sanitiser when the article was stored.
public enum ArticleMarkdown {
    public static func text(_ article: Article) -> String {
        var parts = ["# " + MarkdownWriter.escape(article.title)]
        if let url = article.url { parts.append("<\(url.absoluteString)>") }
        let about = [article.sourceName, article.author.map { "by " + $0 }, article.publishedAt.map(ISO8601.formatUTC)]
            .compactMap { $0 }
        if !about.isEmpty { parts.append(MarkdownWriter.escape(about.joined(separator: " · "))) }
        let rich = article.body.map { HTMLText.richText($0, baseURL: article.url) }
        // The article's own picture first, unless its text shows it.
        if let image = article.imageURL, rich.map({ !$0.links.contains(image) }) ?? true { parts.append(picture(alt: article.title, image)) }
        if let rich, !rich.isEmpty {
            parts.append(MarkdownWriter.markdown(rich))
        } else if let plain = article.content ?? article.description {
            // Plain text: its paragraphs apart, as Markdown wants them.
            parts += plain.split(whereSeparator: \.isNewline).map { MarkdownWriter.escape(String($0).trimmingSpaces()) }.filter { !$0.isEmpty }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    /// `![alt](address)`, with what would end the alt text or the address escaped.
    static func picture(alt: String, _ url: URL) -> String {
        let alt = alt.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
        let address = url.absoluteString.replacing("(", with: "%28").replacing(")", with: "%29").replacing(" ", with: "%20")
        return "![\(alt)](\(address))"
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
