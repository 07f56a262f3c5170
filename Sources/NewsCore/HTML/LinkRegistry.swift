import FoundationEssentials

/// Numbers a document's links: web links only (resolved against the document's base
/// through `URLPolicy`), one number per distinct URL, at most `limit` of them.
struct LinkRegistry {
    static let limit = 100

    private(set) var urls: [URL] = []
    /// What the links list says for a link that is not a text's link (`image: Chart of latency`), by number.
    private(set) var labels: [Int: String] = [:]
    private var numbers: [String: Int] = [:]
    private var resolved: [String: URL?] = [:]
    private static let cacheLimit = 1_000
    let baseURL: URL?

    init(baseURL: URL?) {
        self.baseURL = baseURL
    }

    /// The URL an `href` (references decoded) stands for, or nil when it is not a web link.
    /// In-page links (`#note-1`) are refused: they point back into the text being read.
    /// Answers are kept: an article links to one place many times.
    mutating func resolve(_ href: String) -> URL? {
        if let known = resolved[href] { return known }
        var trimmed = href
        // Browsers drop tabs and newlines inside a URL and the whitespace around it.
        if href.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            trimmed = String(href.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        }
        if trimmed.utf8.first.map(Self.isSpace) == true || trimmed.utf8.last.map(Self.isSpace) == true {
            trimmed = trimmed.trimmingSpaces()
        }
        var url: URL?
        if !trimmed.hasPrefix("#"), let candidate = URLPolicy.articleURL(trimmed, relativeTo: baseURL) {
            // A link is shown as text: it must read the same after sanitising.
            let text = candidate.absoluteString
            url = Sanitizer.clean(text) == text ? candidate : nil
        }
        if resolved.count < Self.cacheLimit { resolved[href] = .some(url) }  // a refusal is kept too
        return url
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0C }

    /// The number `url` is shown with (1-based), given at its first use; nil once the cap is
    /// reached for a URL not already numbered.
    mutating func number(for url: URL, label: String? = nil) -> Int? {
        let key = url.absoluteString
        if let number = numbers[key] { return number }
        guard urls.count < Self.limit else { return nil }
        urls.append(url)
        numbers[key] = urls.count
        if let label { labels[urls.count] = label }
        return urls.count
    }
}
