import FoundationEssentials

/// The converter's block-level elements: headings, lists, links, tables, `pre`, images.
extension HTMLConverter {
    /// Ends the block being gathered, if it has text.
    mutating func flush() {
        let runs = inline.take()
        guard !runs.isEmpty else { return }
        if let heading {
            emit(.heading(level: heading.level, runs))
        } else if let marker = pendingMarker {
            pendingMarker = nil
            emit(.listItem(marker, runs))
        } else {
            emit(.paragraph(runs))
        }
    }

    mutating func emit(_ content: RichBlock.Content) {
        let listDepth = lists.isEmpty && strayItems.item != nil ? 1 : lists.count
        blocks.append(RichBlock(content, listDepth: min(listDepth, Self.maxDepth), quoteDepth: min(quoteDepth, Self.maxDepth)))
    }

    mutating func startHeading(_ level: Int) {
        if let open = heading { popTo(open.entry) }  // a heading inside a heading ends the first
        flush()
        push("h\(level)", .heading)
        heading = (level, stack.count - 1)
    }

    mutating func startLink(_ tag: HTMLTag) {
        // A link inside a link ends the first, as in browsers.
        if let open = openIndices["a"]?.last, open >= (tableEntry ?? 0) { popTo(open) }
        linkURLs.append(tag.value("href").flatMap { links.resolve($0) })
        push("a", .link)
    }

    mutating func startList(_ tag: HTMLTag) {
        flush()
        let start = tag.value("start").flatMap(Self.integer) ?? 1
        push(tag.name, .list)
        lists.append(ListState(ordered: tag.name == "ol", next: start, entry: stack.count - 1))
    }

    mutating func startItem(_ tag: HTMLTag) {
        // An open item of the same list ends here (an implied `</li>`).
        if let open = lists.last?.item ?? (lists.isEmpty ? strayItems.item : nil) { popTo(open) }
        flush()
        var list = lists.last ?? strayItems
        if list.ordered {
            if let value = tag.value("value").flatMap(Self.integer) { list.next = value }
            pendingMarker = .number(list.next)
            list.next = list.next < Int(Int32.max) ? list.next + 1 : list.next
        } else {
            pendingMarker = .bullet
        }
        push("li", .item)
        list.item = stack.count - 1
        if lists.isEmpty { strayItems = list } else { lists[lists.count - 1] = list }
    }

    mutating func startTablePart(_ tag: HTMLTag) {
        let name = tag.name
        guard let nested = table?.nestedDepth else {
            // A row or cell outside any table is only a block of text.
            guard name == "table" else { return boundary() }
            flush()
            push(name, .table)
            tableEntry = stack.count - 1
            table = TableBuilder()
            return
        }
        if nested > 0 || name == "table" {
            // A table inside a cell: its parts only separate words of the cell.
            table?.separate()
            if name == "table" { table?.nestedDepth += 1 }
            push(name, name == "table" ? .table : .inert)
        } else if name == "tr" || name == "caption" {
            if let open = rowEntry { popTo(open) }
            table?.startRow()
            push(name, .row)
            rowEntry = stack.count - 1
        } else {
            if let open = cellEntry { popTo(open) }
            table?.startCell(header: name == "th")
            push(name, .cell)
            cellEntry = stack.count - 1
        }
    }

    mutating func endTablePart(_ entry: Entry) {
        switch entry {
        case .row:
            table?.endRow()
            rowEntry = nil
        case .cell:
            table?.endCell()
            cellEntry = nil
        default:  // .table
            if let nested = table?.nestedDepth, nested > 0 {
                table?.nestedDepth = nested - 1
                table?.separate()
                return
            }
            let rows = table?.finish() ?? []
            table = nil
            tableEntry = nil
            rowEntry = nil
            cellEntry = nil
            if !rows.isEmpty { emit(.table(rows: rows)) }
        }
    }

    mutating func endPreformatted() {
        let lines = pre?.lines() ?? []
        pre = nil
        preEntry = nil
        if !lines.isEmpty { emit(.preformatted(lines: lines)) }
    }

    mutating func image(_ tag: HTMLTag) {
        // Tracking pixels are not part of the text.
        let tiny: Set<String> = ["0", "1", "1px"]
        if [tag.value("width"), tag.value("height")].contains(where: { $0.map(tiny.contains) ?? false }) { return }
        let alt = Sanitizer.clean(tag.value("alt") ?? "", maxLength: Self.maxAltLength)
        let label = alt.isEmpty ? "image" : "image: \(alt)"
        // Inside a link the picture is that link; else it is numbered itself, so it can be opened.
        let link = currentLink() ?? tag.value("src").flatMap { links.resolve($0) }.flatMap { links.number(for: $0, label: label) }
        appendAtom("[\(label)]", style: style.union(.placeholder), link: link)
    }

    /// A video, sound or embedded page: a placeholder linked to its source when that is a web link.
    mutating func media(_ tag: HTMLTag, label: String) {
        let link = tag.value("src").flatMap { links.resolve($0) }.flatMap { links.number(for: $0) }
        appendAtom(label, style: .placeholder, link: link ?? currentLink())
    }

    /// A list number as written (`start`, `value`), kept within a sane range.
    static func integer(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces()
        guard trimmed.utf8.count <= 12, let value = Int(trimmed) else { return nil }
        return min(max(value, -1_000_000_000), 1_000_000_000)
    }
}
