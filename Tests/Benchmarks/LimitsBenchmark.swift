import Foundation
import HeadlinesUI
import NewsCore
import TestSupport

/// Size caps bound memory, whatever the server sends: peak RSS of a process that fetches an
/// endless JSON body, a 1 GiB gzip bomb, a 12.5 GiB zstd bomb (400 KB, refused at its head)
/// and an endless image (5 MiB cap) from a loopback server in another process sending at full
/// speed; and decoders stay in their budget: the same process fetches an image bomb and
/// decodes its preview as the article screen does (progressive JPEGs whose coefficients pass
/// the budget, one just inside it, a 16-bit interlaced PNG and a GIF of 49 megapixels each).
/// newsboat's cache of 100,000 items in one feed is imported in batches, and one whose content is
/// a generated column of 50 MB a row refused (`NewsboatLimits`); full articles read from pages
/// of 30 MB and of 400,000 pictures, alone and four at once (`ArticlePageLimits`); and first syncs
/// of a Google Reader API server and a Miniflux whose answers are just under their old caps
/// (`SyncServerLimits`).
/// Over several runs (goal: every run under 100 MiB); and, in this process, how long after a
/// capped fetch fails the server sees the close.
enum LimitsBenchmark {
    enum Case: String, CaseIterable {
        case endlessJSON = "endless-json"
        case gzipBomb = "gzip-bomb"
        case zstdBomb = "zstd-bomb"
        case endlessImage = "endless-image"
        case progressiveJPEGBomb = "progressive-jpeg-bomb"
        case progressiveJPEG444Bomb = "progressive-jpeg-444-bomb"
        case progressiveJPEGAtBudget = "progressive-jpeg-at-budget"
        case interlacedPNG16Bomb = "png16-interlaced-bomb"
        case gifBomb = "gif-bomb"
        case feverRepeatedIDs = "fever-unread-ids-30mb"
        case tinyTinyRSSHeavyPage = "ttrss-page-60mb"
        case tinyTinyRSSHeavyPages = "ttrss-4-pages-60mb"
        case newsboatCache = "newsboat-cache-100k-items"
        case newsboatGeneratedColumn = "newsboat-cache-generated-50mb-rows"
        case articlePage = "article-page-30mb"
        case articlePagePictures = "article-page-400k-pictures"
        case articlePages = "article-pages-4x30mb"
        case googleReaderContents = "greader-1000-items-32mb-answers"
        case minifluxPages = "miniflux-1000-entries-16mb-pages"
        case nextcloudPages = "nextcloud-1000-items-16mb-pages"
        case nextcloudUpdated = "nextcloud-items-updated-31mb"

        /// An import from a newsboat cache written on disk (`NewsboatLimits`), not a fetch.
        var isNewsboatCache: Bool { self == .newsboatCache || self == .newsboatGeneratedColumn }

        /// A feed server's answer that is what would take the memory (see `installSyncServer`).
        var isSyncServer: Bool {
            switch self {
            case .feverRepeatedIDs, .tinyTinyRSSHeavyPage, .tinyTinyRSSHeavyPages: return true
            default: return false
            }
        }

        /// Puts the hostile sync server of a sync case at `/<case>` of `server`; false for the others.
        func installSyncServer(on server: LoopbackServer) throws -> Bool {
            let path = "/" + rawValue
            switch self {
            case .feverRepeatedIDs: _ = try HostileFever(.repeatedUnreadIDs(bytes: 30_000_000), on: server, path: path)
            case .tinyTinyRSSHeavyPage:
                _ = try HostileTinyTinyRSS(.heavy, feeds: 1, unreadPerFeed: 200, bodyBytes: 300_000, on: server, path: path)
            case .tinyTinyRSSHeavyPages:
                _ = try HostileTinyTinyRSS(.heavy, feeds: 4, unreadPerFeed: 200, bodyBytes: 300_000, on: server, path: path)
            default: return false
            }
            return true
        }

        /// A size cap on the body is what stops it (the others are whole images to decode).
        var isCappedBody: Bool {
            switch self {
            case .endlessJSON, .gzipBomb, .zstdBomb, .endlessImage: return true
            default: return false
            }
        }

        /// The bomb's pixel size: 49 megapixels, within the pixel budget, so the decoder's own
        /// memory is what is measured; the JPEG at the budget needs 44 MiB of coefficients.
        private var bombSize: (width: Int, height: Int) {
            self == .progressiveJPEGAtBudget ? (4_800, 3_200) : (7_000, 7_000)
        }

        var response: ScriptedResponse {
            get throws {
                switch self {
                case .feverRepeatedIDs, .tinyTinyRSSHeavyPage, .tinyTinyRSSHeavyPages:
                    return .text("a feed server's API is elsewhere", status: 404)
                case .newsboatCache, .newsboatGeneratedColumn:
                    return .text("a newsboat cache is a file", status: 404)
                case .articlePage, .articlePages:
                    return .text(ArticlePageLimits.largePage(bytes: ArticlePageLimits.pageBytes), contentType: "text/html; charset=utf-8")
                case .articlePagePictures:
                    return .text(ArticlePageLimits.picturesPage(ArticlePageLimits.pictures), contentType: "text/html; charset=utf-8")
                case .googleReaderContents, .minifluxPages, .nextcloudPages, .nextcloudUpdated:
                    return .text("served by a child server of its own", status: 404)
                case .endlessJSON:
                    return ScriptedResponse(
                        headers: [("Content-Type", "application/json")],
                        body: .generated(prefix: Data(#"{"articles":["#.utf8), count: Int.max), contentLength: .omitted)
                case .gzipBomb:
                    return ScriptedResponse(
                        headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                        body: .data(GzipBomb.body(mebibytes: 1024)))
                case .zstdBomb:
                    return ScriptedResponse(
                        headers: [("Content-Type", "application/json"), ("Content-Encoding", "zstd")],
                        body: .data(ZstdBomb.body(mebibytes: 12_800)))
                case .endlessImage:
                    return ScriptedResponse(
                        headers: [("Content-Type", "image/png")],
                        body: .generated(prefix: HeaderOnlyImage.pngSignature, count: Int.max), contentLength: .omitted)
                case .progressiveJPEGBomb, .progressiveJPEG444Bomb, .progressiveJPEGAtBudget:
                    let (width, height) = bombSize
                    let data = try JPEGFixture.blank(
                        width: width, height: height, progressive: true, fullChroma: self == .progressiveJPEG444Bomb)
                    return ScriptedResponse(headers: [("Content-Type", "image/jpeg")], body: .data(data))
                case .interlacedPNG16Bomb:
                    let (width, height) = bombSize
                    let data = try PNGFixture.blank(width: width, height: height, colourType: .rgba, bitDepth: 16, interlaced: true)
                    return ScriptedResponse(headers: [("Content-Type", "image/png")], body: .data(data))
                case .gifBomb:
                    let (width, height) = bombSize
                    return ScriptedResponse(headers: [("Content-Type", "image/gif")], body: .data(Data(GIFFixture.blank(width: width, height: height))))
                }
            }
        }

        static let imageCap = 5 << 20
        var cap: Int { self == .endlessImage ? Self.imageCap : NewsService.defaultSizeLimit }

        /// What the probe must see: nil when the outcome is the expected one, else what went wrong.
        /// Capped bodies fail as too large (zstd, never offered, is refused at the head); bombs
        /// beyond the decoder budget are refused with that sentence; the others decode.
        func unexpected(_ outcome: Result<Void, Error>) -> String? {
            switch (self, outcome) {
            case (.zstdBomb, .failure(NewsError.unsupportedEncoding(_, "zstd"))): return nil
            case (.zstdBomb, _): break
            case (.progressiveJPEGBomb, .failure(let error as PreviewError)),
                (.progressiveJPEG444Bomb, .failure(let error as PreviewError)):
                if error == .needsTooMuchMemory(limit: PreviewBudget.default.maxDecoderMemory) { return nil }
            case (.progressiveJPEGAtBudget, .success), (.interlacedPNG16Bomb, .success), (.gifBomb, .success): return nil
            case (_, .success) where isSyncServer: return nil
            case (.newsboatCache, .success): return nil
            case (.articlePage, .success), (.articlePagePictures, .success), (.articlePages, .success): return nil
            case (.googleReaderContents, .success), (.minifluxPages, .success), (.nextcloudPages, .success), (.nextcloudUpdated, .success):
                return nil
            case (.articlePagePictures, .failure(is NotAnArticle)): return nil  // a page of pictures may be judged no article
            case (.newsboatGeneratedColumn, .failure(NewsboatImportError.unreadable(_, let reason))):
                if reason.contains("no plain column content") { return nil }
            case (_, .failure(let error as NewsError)) where isCappedBody:
                if error == .tooLarge(limit: cap) { return nil }
            default: break
            }
            switch outcome {
            case .success: return "the fetch succeeded"
            case .failure(let error): return "\(error)"
            }
        }

        var label: String {
            switch self {
            case .zstdBomb: return "refused at its head"
            case .progressiveJPEGBomb, .progressiveJPEG444Bomb: return "\(bombSize.width)×\(bombSize.height), refused"
            case .progressiveJPEGAtBudget, .interlacedPNG16Bomb, .gifBomb: return "\(bombSize.width)×\(bombSize.height), decoded"
            case .feverRepeatedIDs: return "\"1,1,1,…\", a first sync"
            case .tinyTinyRSSHeavyPage: return "200 articles of 300 KB, a first sync"
            case .tinyTinyRSSHeavyPages: return "4 feeds of them side by side, a first sync"
            case .newsboatCache: return "\(NewsboatLimits.items) items of one feed, --import-newsboat"
            case .newsboatGeneratedColumn: return "content generated as 50 MB a row, refused"
            case .articlePage: return "x on a page of 30 MB"
            case .articlePagePictures: return "x on a page of 400,000 pictures"
            case .articlePages: return "full-text = yes on four pages of 30 MB"
            case .googleReaderContents: return "1,000 items in answers of 32.5 MB, a first sync"
            case .minifluxPages: return "1,000 entries in pages of 16 MB, a first sync"
            case .nextcloudPages: return "1,000 items in pages of 16 MB, a first sync"
            case .nextcloudUpdated: return "31 MB of items/updated, a later sync"
            default: return "cap \(ByteCount.describe(cap))"
            }
        }

        /// The fetch (and, for an image bomb, the decode) the app would make.
        func fetch(_ url: URL) async throws {
            let http = HTTPClient(timeout: 30, deadline: 120)
            switch self {
            case .feverRepeatedIDs:
                let client = FeverClient(name: "Home", url: URL(string: url.absoluteString + "/fever/")!, user: "u", password: "p", http: http)
                _ = try await client.feeds()
                let marks = try await client.marks(comparedWith: LocalMarks(counts: [:]))
                guard marks.unread == [RemoteArticleID(1)] else { throw BenchmarkFailure("the unread list was read as \(marks.unread.count) ids") }
                try await client.articles(after: nil) { _ in }
            case .tinyTinyRSSHeavyPage, .tinyTinyRSSHeavyPages:
                let client = TinyTinyRSSClient(name: "Home", url: URL(string: url.absoluteString + "/")!, user: "u", password: "p", http: http)
                _ = try await client.feeds()
                let count = ArticleCount()
                try await client.articles(after: nil) { page in await count.add(page.count) }
                let expected = self == .tinyTinyRSSHeavyPage ? 200 : 800
                guard await count.total == expected else { throw BenchmarkFailure("\(await count.total) articles came, not \(expected)") }
            case .newsboatCache, .newsboatGeneratedColumn: try await NewsboatLimits.run(self)
            case .articlePage, .articlePagePictures, .articlePages: try await ArticlePageLimits.run(self, url)
            case .googleReaderContents, .minifluxPages, .nextcloudPages, .nextcloudUpdated: try await SyncServerLimits.run(self, url)
            case .endlessJSON, .gzipBomb, .zstdBomb: _ = try await DocumentSource(service: NewsService(), location: url).fetch()
            case .endlessImage: _ = try await ImageLoader(sizeLimit: Self.imageCap).fetch(url) { _ in }
            default:
                // As the article screen: the default image cap and budget, decoded to its box.
                let image = try await ImageLoader().fetch(url) { _ in }
                _ = try PreviewDecoder.decode(image.data, format: image.info.format, fitting: PictureLayout.decodeBox)
            }
        }
    }

    static let goal = 100 << 20

    /// Articles counted as pages come (through a `@Sendable` closure).
    actor ArticleCount {
        private(set) var total = 0
        func add(_ count: Int) { total += count }
    }

    static func run(_ options: BenchmarkOptions) async throws -> BenchmarkOutcome {
        let server = try ChildServer(.limits)
        defer { server.stop() }
        let rounds = options.rounds ?? 3
        var lines: [String] = []
        var met = true
        for limitsCase in Case.allCases {
            var peaks: [Int] = []
            // A sync server of its own, in its own process, for the cases that need one.
            let own = try SyncServerLimits.childServer(limitsCase).map { try ChildServer($0.0, bytes: $0.1) }
            defer { own?.stop() }
            for _ in 0..<rounds {
                peaks.append(try await probe(limitsCase, own?.baseURL ?? server.url(limitsCase.rawValue)))
            }
            let worst = peaks.max() ?? 0
            met = met && worst < goal
            lines.append(
                "\(limitsCase.rawValue) (\(limitsCase.label)): peak RSS "
                    + peaks.map(ByteCount.describe).joined(separator: ", ") + " over \(rounds) runs; goal every run < 100 MiB: "
                    + (worst < goal ? "PASS" : "MISS"))
        }
        lines.append("connection closed after the fetch failed: " + (try await closeDelays()).joined(separator: ", "))
        return BenchmarkOutcome(summary: lines.joined(separator: "\n"), goalMet: met)
    }

    /// Runs one fetch in a child process of its own (`limits-probe`) and returns its peak RSS.
    private static func probe(_ limitsCase: Case, _ url: URL) async throws -> Int {
        let result = try await ProcessRunner(CommandLine.arguments[0], ["limits-probe", limitsCase.rawValue, url.absoluteString]).run(timeout: .seconds(120))
        let text = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, text.hasPrefix("peak="), let peak = Int(text.dropFirst(5)) else {
            throw BenchmarkFailure("the \(limitsCase.rawValue) probe failed (\(result.status)): \(text) \(result.stderrText)")
        }
        return peak
    }

    /// The child's side: fetch (and decode), check the outcome is the expected one, print the peak RSS.
    static func probeMain(_ name: String, _ urlText: String) async -> Never {
        guard let limitsCase = Case(rawValue: name), let url = URL(string: urlText) else {
            FileHandle.standardError.write(Data("limits-probe: bad arguments\n".utf8))
            exit(2)
        }
        let outcome: Result<Void, Error>
        do { outcome = .success(try await limitsCase.fetch(url)) } catch { outcome = .failure(error) }
        if let problem = limitsCase.unexpected(outcome) {
            FileHandle.standardError.write(Data("limits-probe: \(problem)\n".utf8))
            exit(1)
        }
        report("peak=\(ResidentMemory.peak() ?? -1)")
        exit(0)
    }

    /// For each capped body, in this process: the time from the failed fetch to the server
    /// seeing the connection close.
    private static func closeDelays() async throws -> [String] {
        var delays: [String] = []
        for limitsCase in Case.allCases where limitsCase.isCappedBody && !limitsCase.isSyncServer {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/x", try limitsCase.response)
            do { try await limitsCase.fetch(server.url("/x")) } catch {}  // the failure is the point; its kind is checked by the probe
            let failedAt = ContinuousClock.now
            guard await server.waitUntil(timeout: .seconds(30), { $0.first?.clientClosedAt != nil }),
                let closedAt = server.requests.first?.clientClosedAt
            else {
                throw BenchmarkFailure("\(limitsCase.rawValue): the connection stayed open for 30 s")
            }
            delays.append("\(limitsCase.rawValue) \(Format.milliseconds(max(.zero, closedAt - failedAt))) ms")
        }
        return delays
    }
}
