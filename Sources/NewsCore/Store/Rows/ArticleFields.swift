import FoundationEssentials

/// An article made ready to write: cleaned again (decoders already clean; the store does not
/// rely on it), its identity, and a hash of everything stored, so that an unchanged item is
/// recognised without reading it back.
struct ArticleFields {
    let article: Article
    let identity: String
    let url: String
    let hash: Int64

    init(_ incoming: Article) {
        var article = incoming
        article.title = Sanitizer.clean(article.title, maxLength: TextLimits.title)
        article.sourceName = Sanitizer.cleanOptional(article.sourceName, maxLength: TextLimits.name)
        article.author = Sanitizer.cleanOptional(article.author, maxLength: TextLimits.name)
        article.description = Sanitizer.cleanOptional(article.description, maxLength: TextLimits.description)
        article.content = Sanitizer.cleanOptional(article.content, maxLength: TextLimits.content)
        article.guid = Sanitizer.cleanOptional(article.guid, maxLength: TextLimits.guid)
        article.enclosure = article.enclosure.flatMap {
            Enclosure(url: $0.url, mimeType: $0.mimeType, byteSize: $0.byteSize, duration: $0.duration)
        }
        self.article = article
        identity = article.identity
        url = article.url?.absoluteString ?? ""  // the column is NOT NULL: "" is no link
        let body = ArticleRow.kind(of: article.body)
        var hasher = ContentHash()
        hasher.add(url)
        hasher.add(article.publishedAt?.timeIntervalSince1970.bitPattern)
        for text in [
            article.title, article.sourceName, article.author, article.description,
            article.imageURL?.absoluteString, article.guid, article.content, body.kind, body.text,
        ] {
            hasher.add(text)
        }
        // Only when there is one: the hash of every article stored before enclosures stays the same.
        if let enclosure = article.enclosure {
            hasher.add(enclosure.url.absoluteString)
            hasher.add(enclosure.mimeType)
            hasher.add(enclosure.byteSize.map { UInt64(bitPattern: $0) })
            hasher.add(enclosure.duration.map { UInt64($0) })
        }
        hash = hasher.value
    }

    /// The sort time: the published date, else the time it was first seen.
    func sortTime(firstSeen: Double) -> Double {
        article.publishedAt?.timeIntervalSince1970 ?? firstSeen
    }

    /// Values for `columns`, in their order.
    var values: [(any SQLiteBindable)?] {
        let enclosure = article.enclosure
        return [
            url, article.publishedAt, article.title, article.sourceName, article.author,
            article.imageURL?.absoluteString, article.guid, hash,
            enclosure?.url.absoluteString, enclosure?.mimeType, enclosure?.byteSize, enclosure?.duration,
        ]
    }

    /// The `article` row's columns this writes (its identity, times and marks are the writer's).
    static let columns =
        "url, published, title, source_name, author, image_url, guid, hash, "
        + "enclosure_url, enclosure_type, enclosure_size, enclosure_duration"

    /// `?, ?, ...`: one for each of `columns`.
    static let placeholders = Array(repeating: "?", count: columns.split(separator: ",").count).joined(separator: ", ")

    /// `url = ?, published = ?, ...` for the same columns.
    static let assignments = columns.split(separator: ",")
        .map { $0.trimmingSpaces() + " = ?" }.joined(separator: ", ")

    /// Values for the `article_body` row's `summary, content, body_kind, body`.
    var textValues: [(any SQLiteBindable)?] {
        let body = ArticleRow.kind(of: article.body)
        return [article.description, article.content, body.kind, body.text]
    }
}

/// 64-bit FNV-1a: stable across runs and machines (unlike `Hasher`), which a stored hash needs.
struct ContentHash {
    private(set) var state: UInt64 = 0xCBF2_9CE4_8422_2325

    var value: Int64 { Int64(bitPattern: state) }

    /// Adds one field; nil and each field's end are marked with bytes UTF-8 never contains,
    /// so ("ab", "c") and ("a", "bc") differ.
    mutating func add(_ text: String?) {
        guard var text else { return mix(0xFE) }
        text.withUTF8 { bytes in for byte in bytes { mix(byte) } }
        mix(0xFF)
    }

    mutating func add(_ number: UInt64?) {
        guard let number else { return mix(0xFE) }
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
        mix(0xFF)
    }

    private mutating func mix(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}
