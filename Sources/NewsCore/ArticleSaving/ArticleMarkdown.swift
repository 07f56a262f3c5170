import FoundationEssentials

/// An article as a Markdown file (`s`): its title as a heading, its link, source and date,
/// then its text. Everything in it passed the sanitiser when the article was stored.
public enum ArticleMarkdown {
    public static func text(_ article: Article) -> String {
        var lines = ["# " + article.title, ""]
        if let url = article.url { lines += ["<\(url.absoluteString)>", ""] }
        let about = [article.sourceName, article.author.map { "by " + $0 }, article.publishedAt.map(ISO8601.formatUTC)]
            .compactMap { $0 }
        if !about.isEmpty { lines += [about.joined(separator: " · "), ""] }
        let body = article.body.map { HTMLText.plainText(of: HTMLText.richText($0, baseURL: article.url)) }
        if let text = body ?? article.content ?? article.description, !text.isEmpty { lines += [text, ""] }
        return lines.joined(separator: "\n")
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
