import NewsCore

/// Word-wrapping of styled text by terminal columns: lines break at spaces, and a word longer
/// than a line is cut between characters. A space between two words takes their style when
/// both have it (an underlined phrase stays underlined), else none.
enum StyledWrap {
    struct Word {
        var runs: [StyledLine.Run] = []
        var width = 0

        mutating func append(_ text: String, _ style: Style) {
            guard !text.isEmpty else { return }
            width += TextWidth.of(text)
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].text += text
            } else {
                runs.append(StyledLine.Run(text, style))
            }
        }
    }

    enum Token {
        case word(Word)
        case lineBreak
    }

    /// `runs` as words and breaks, with each link's number (`[N]`) right after its text.
    static func tokens(_ runs: [RichRun], style: (RichRun) -> Style, linkNumberStyle: Style) -> [Token] {
        var tokens: [Token] = []
        var word = Word()
        func endWord() {
            if !word.runs.isEmpty { tokens.append(.word(word)) }
            word = Word()
        }
        for (index, run) in runs.enumerated() {
            if run.isLineBreak {
                endWord()
                tokens.append(.lineBreak)
                continue
            }
            let runStyle = style(run)
            for (part, piece) in run.text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                if part > 0 { endWord() }
                word.append(String(piece), runStyle)
            }
            guard let link = run.link, index + 1 == runs.count || runs[index + 1].link != link else { continue }
            let number = "[\(link)]"
            if !word.runs.isEmpty {
                word.append(number, linkNumberStyle)
            } else if case .word(var last) = tokens.last {
                // The link's text ended in a space: the number still follows its last word.
                last.append(number, linkNumberStyle)
                tokens[tokens.count - 1] = .word(last)
            }
        }
        endWord()
        return tokens
    }

    /// The tokens in lines of at most `columns` (at least one line).
    static func lines(_ tokens: [Token], columns: Int) -> [[StyledLine.Run]] {
        guard columns > 0 else { return [[]] }
        var lines: [[StyledLine.Run]] = []
        var line = Word()
        for token in tokens {
            guard case .word(let word) = token else {
                lines.append(line.runs)
                line = Word()
                continue
            }
            if line.width > 0, line.width + 1 + word.width <= columns {
                let gapStyle = line.runs.last?.style == word.runs.first?.style ? word.runs.first?.style : nil
                line.append(" ", gapStyle ?? .normal)
                for run in word.runs { line.append(run.text, run.style) }
                continue
            }
            if line.width > 0 { lines.append(line.runs) }
            line = Word()
            if word.width <= columns {
                line = word
                continue
            }
            for run in word.runs {
                for character in run.text {
                    var piece = String(character)
                    var pieceWidth = TextWidth.of(character)
                    if pieceWidth > columns {  // a wide character in a one-column line
                        piece = String(TextLayout.ellipsis)
                        pieceWidth = 1
                    }
                    if line.width + pieceWidth > columns {
                        lines.append(line.runs)
                        line = Word()
                    }
                    line.append(piece, run.style)
                }
            }
        }
        if !line.runs.isEmpty || lines.isEmpty { lines.append(line.runs) }
        return lines
    }
}
