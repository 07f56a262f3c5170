import FoundationEssentials

/// A document as it came, before anyone reads it: from a server (`NewsService`) or a file.
struct DocumentResponse {
    /// Nil for 304 Not Modified.
    let body: Data?
    /// Where it came from, after redirects.
    let url: URL
    let contentType: String?
    /// The server's `Content-Location`, resolved against `url`: the base for the document's
    /// relative links (HTTP's rule, RFC 9110 §8.7), when it is an http(s) URL.
    var contentLocation: URL? = nil
    /// Nil for a local file.
    let status: Int?
    let validators: HTTPValidators

    /// What the document's relative links are relative to.
    var base: URL { contentLocation ?? url }

    /// A `Content-Location` header's value as a base, resolved against `url`; nil when there is
    /// none, or it is not an http(s) URL (a server does not get to make a link point at a file).
    static func contentLocation(_ value: String?, relativeTo url: URL) -> URL? {
        guard let value = value?.trimmingSpaces(), !value.isEmpty, value.utf8.count <= 2048,
            let resolved = URL(string: value, relativeTo: url)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return resolved
    }
}
