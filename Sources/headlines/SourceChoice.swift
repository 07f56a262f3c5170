import DemoEdition
import Foundation
import NewsCore

/// Picks the source the options and the environment name: `--demo`, `--source`, NewsAPI when
/// a key (or an explicit `--newsapi-url`) is given, else the bundled demo edition.
struct SourceChoice {
    let source: any NewsSource
    /// True when the demo edition was chosen because nothing else was named.
    let isFallbackDemo: Bool

    struct Failure: Error {
        let message: String
    }

    static func choose(_ options: CommandLineOptions, environment: [String: String]) throws(Failure) -> SourceChoice {
        let key = environment["NEWSAPI_KEY"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        var service = NewsService(apiKey: key, http: options.httpClient)
        if let base = options.newsAPIURL {
            guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                throw Failure(message: "--newsapi-url needs an http or https URL, not “\(base)”.")
            }
            service.baseURL = url
        }
        if options.demo { return try demo(service, fallback: false) }
        if let location = options.source {
            return SourceChoice(source: DocumentSource(service: service, location: try documentURL(location)), isFallbackDemo: false)
        }
        if key != nil || options.newsAPIURL != nil {
            let request: NewsAPIRequest
            if options.everything, let query = options.query {
                request = .everything(query: query, pageSize: options.pageSize)
            } else {
                request = .topHeadlines(
                    country: options.country, category: options.category, query: options.query, pageSize: options.pageSize
                )
            }
            return SourceChoice(source: NewsAPISource(service: service, request: request), isFallbackDemo: false)
        }
        return try demo(service, fallback: true)
    }

    private static func demo(_ service: NewsService, fallback: Bool) throws(Failure) -> SourceChoice {
        guard let url = DemoEdition.documentURL else {
            throw Failure(message: "The bundled demo edition is missing from this installation.")
        }
        return SourceChoice(source: DocumentSource(service: service, location: url, name: "Demo edition"), isFallbackDemo: fallback)
    }

    /// `--source` takes an http(s) URL, a file URL, or a path (relative to the working directory).
    /// Any other `scheme://` is refused rather than taken for a relative path.
    static func documentURL(_ text: String) throws(Failure) -> URL {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased() {
            if scheme == "http" || scheme == "https" {
                guard url.host != nil else { throw Failure(message: "“\(text)” has no host.") }
                return url
            }
            if scheme == "file" { return url.standardizedFileURL }
            if text.dropFirst(scheme.count).hasPrefix("://") {
                throw Failure(message: "Headlines cannot read \(scheme): URLs; --source takes an http or https URL, a file URL or a path.")
            }
        }
        guard !text.isEmpty else { throw Failure(message: "--source needs a URL or a path.") }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: text, relativeTo: cwd).standardizedFileURL
    }
}
