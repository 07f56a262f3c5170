import FoundationEssentials

/// Article text from HTML or plain text, as `RichText` for reading and as plain text for
/// search and summaries.
public enum HTMLText {
    /// `html` read as browsers read it (leniently), with links resolved against `baseURL`.
    public static func richText(_ html: String, baseURL: URL?) -> RichText {
        var converter = HTMLConverter(baseURL: baseURL)
        var tokenizer = HTMLTokenizer(html)
        while let token = tokenizer.next() {
            converter.consume(token)
            if converter.isFull { return converter.finish(truncated: true) }
        }
        return converter.finish(truncated: false)
    }

    /// Plain text: lines separated by blank lines are paragraphs; other line breaks are kept.
    public static func richText(plain: String) -> RichText {
        var blocks: [RichBlock] = []
        var runs: [RichRun] = []
        var bytes = 0
        func endParagraph() {
            while runs.last?.isLineBreak == true { runs.removeLast() }
            if !runs.isEmpty { blocks.append(RichBlock(.paragraph(runs))) }
            runs = []
        }
        for line in plain.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let cleaned = Sanitizer.clean(String(line))
            bytes += cleaned.utf8.count
            if bytes > HTMLConverter.maxTextBytes || blocks.count >= HTMLConverter.maxBlocks {
                endParagraph()
                blocks.append(RichBlock(.paragraph([RichRun("[…]", style: .placeholder)])))
                return RichText(blocks: blocks)
            }
            if cleaned.isEmpty {
                endParagraph()
            } else {
                if !runs.isEmpty { runs.append(.lineBreak) }
                runs.append(RichRun(cleaned))
            }
        }
        endParagraph()
        return RichText(blocks: blocks)
    }

    /// An article body, whichever form it came in.
    public static func richText(_ body: ArticleBody, baseURL: URL?) -> RichText {
        switch body {
        case .html(let html): richText(html, baseURL: baseURL)
        case .text(let text): richText(plain: text)
        }
    }

    /// The text of `html` for search indexing and summaries: blocks on lines of their own,
    /// table cells separated by spaces, no link numbers and no link list.
    public static func plainText(_ html: String) -> String {
        plainText(of: richText(html, baseURL: nil))
    }

    public static func plainText(of text: RichText) -> String {
        text.blocks.map { block in
            switch block.content {
            case .paragraph(let runs), .heading(_, let runs), .listItem(_, let runs):
                runs.map(\.text).joined()
            case .preformatted(let lines):
                lines.joined(separator: "\n")
            case .table(let rows):
                rows.map { $0.map(\.text).filter { !$0.isEmpty }.joined(separator: " ") }.joined(separator: "\n")
            case .rule:
                ""
            }
        }
        .filter { !$0.isEmpty }
        .joined(separator: "\n")
    }
}
