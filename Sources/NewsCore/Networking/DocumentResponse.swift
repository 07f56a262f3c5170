import FoundationEssentials

/// A document as it came, before anyone reads it: from a server (`NewsService`) or a file.
struct DocumentResponse {
    /// Nil for 304 Not Modified.
    let body: Data?
    /// Where it came from, after redirects.
    let url: URL
    let contentType: String?
    /// Nil for a local file.
    let status: Int?
    let validators: HTTPValidators
}
