import FoundationEssentials
import NewsCore

/// The app's image saves, as the interface sees them: one row per file with its state and
/// progress. Saves belong to the app, not to the screen that started them, so they go on when
/// that screen closes. Each file is one task: `c` cancels it, `C` cancels them all. With the
/// cache, each saved file is noted against its article, so "Already saved" survives a restart
/// (and a changed title), and `D` passes over what is saved already without a word.
@MainActor
package final class DownloadCenter {
    package enum State: Equatable {
        case queued
        case saving(TransferProgress?)
        case saved(SavedImage)
        /// An enclosure downloaded (`e`, `E`).
        case downloaded(SavedEnclosure)
        /// An article written as a Markdown file (`s`).
        case written(URL)
        case failed(String)
        case cancelled
        /// An enclosure downloaded in an earlier session (the cache notes it), played or not: the
        /// downloads screen lists these after this session's.
        case earlier(file: URL, played: Bool)

        package var isActive: Bool {
            switch self {
            case .queued, .saving: return true
            default: return false
            }
        }
    }

    package struct Item: Identifiable, Equatable {
        package let id: Int
        package let title: String
        /// The file's link: an image's, or an enclosure's (an earlier download's: the file).
        package let link: URL
        package var state: State
        /// An enclosure (downloading), not an image (saving).
        package var isEnclosure = false

        package init(id: Int, title: String, link: URL, state: State, isEnclosure: Bool = false) {
            self.id = id
            self.title = title
            self.link = link
            self.state = state
            self.isEnclosure = isEnclosure
        }
    }

    /// What a request to save did at once (the interface words it).
    package enum Start: Equatable {
        case started(count: Int)
        case noImage
        case noImages
        case noEnclosure
        case noEnclosures
        case alreadySaving(title: String)
    }

    /// How the latest save ended.
    package enum Outcome: Equatable {
        case saved(SavedImage)
        case downloaded(SavedEnclosure)
        case failed(String)
    }

    package private(set) var items: [Item] = []
    /// Each save in flight, by its row's id.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextID = 0
    private let persistence: Persistence
    /// Where saved files are noted against their articles (nil: nowhere, as in some tests).
    let store: ArticleStore?
    /// Paths under it are shown as `~/...`, so the file name fits in the status bar.
    package var homeDirectory: String?
    /// Called after every change (the app redraws).
    package var onChange: (@MainActor () -> Void)?
    /// Called when a save ends, saved or failed (the app says so in the status bar for a few seconds).
    package var onOutcome: (@MainActor (Outcome) -> Void)?
    /// Called once the cache noted a downloaded enclosure (the lists' mark changes).
    package var onEnclosureNoted: (@MainActor () -> Void)?
    /// Called once nothing is in flight any more (a quit that waits uses it).
    package var onIdle: (@MainActor () -> Void)?

    package init(persistence: Persistence, store: ArticleStore? = nil) {
        self.persistence = persistence
        self.store = store
    }

    /// The save folder: images go there, and articles saved as Markdown (`s`).
    package var folder: URL { persistence.folder }

    package var activeCount: Int { items.filter { $0.state.isActive }.count }
    package var savedCount: Int {
        items.filter {
            switch $0.state {
            case .saved, .downloaded, .written: return true
            default: return false
            }
        }.count
    }

    /// Saves one article's image (`id`: its place in the cache, where the file is noted); returns at once.
    @discardableResult
    package func save(_ article: Article, id: ArticleID? = nil) -> Start {
        guard let url = article.imageURL else { return .noImage }
        if let existing = items.first(where: { $0.link == url && $0.state.isActive }) {
            return .alreadySaving(title: existing.title)
        }
        start(Job(work: .image(SaveRequest(imageURL: url, title: article.title)), title: article.title, article: id, quietIfSaved: false))
        return .started(count: 1)
    }

    /// Where this session downloaded the enclosure at `url`, if it did.
    package func downloadedFile(of url: URL) -> URL? {
        for item in items.reversed() where item.link == url {
            if case .downloaded(let saved) = item.state { return saved.file }
        }
        return nil
    }

    /// Downloads one article's enclosure into its source's podcast folder (`e`); returns at once.
    @discardableResult
    package func download(_ article: Article, id: ArticleID? = nil) -> Start {
        guard let job = Self.enclosureJob(article, id: id, quietIfSaved: false) else { return .noEnclosure }
        if let existing = items.first(where: { $0.link == job.url && $0.state.isActive }) {
            return .alreadySaving(title: existing.title)
        }
        start(job)
        return .started(count: 1)
    }

    /// Queues every enclosure of the list (`E`), downloaded a few at a time; those downloaded
    /// before end quietly.
    @discardableResult
    package func downloadAll(_ articles: [(article: Article, id: ArticleID?)]) -> Start {
        var seen = listedFiles
        let jobs = articles.compactMap { Self.enclosureJob($0.article, id: $0.id, quietIfSaved: true) }.filter { seen.insert($0.url).inserted }
        guard !jobs.isEmpty else { return .noEnclosures }
        for job in jobs { start(job) }
        return .started(count: jobs.count)
    }

    /// The files this session's rows fetch or fetched: `E` and `D` pass over them, so that `e`
    /// then `E` lists one download, not the same file twice.
    private var listedFiles: Set<URL> {
        Set(
            items.filter {
                switch $0.state {
                case .queued, .saving, .saved, .downloaded: return true
                case .written, .failed, .cancelled, .earlier: return false
                }
            }.map(\.link))
    }

    private static func enclosureJob(_ article: Article, id: ArticleID?, quietIfSaved: Bool) -> Job? {
        guard let enclosure = article.enclosure else { return nil }
        let request = EnclosureRequest(url: enclosure.url, sourceName: article.sourceName ?? "", mimeType: enclosure.mimeType)
        return Job(work: .enclosure(request), title: article.title, article: id, quietIfSaved: quietIfSaved)
    }

    /// Saves every image of the list in parallel (bounded by `Persistence`); those already
    /// saved end quietly, with no fetch and no message each.
    @discardableResult
    package func saveAll(_ articles: [(article: Article, id: ArticleID?)]) -> Start {
        var seen = listedFiles
        var jobs: [Job] = []
        for (article, id) in articles {
            guard let url = article.imageURL, seen.insert(url).inserted else { continue }
            jobs.append(Job(work: .image(SaveRequest(imageURL: url, title: article.title)), title: article.title, article: id, quietIfSaved: true))
        }
        guard !jobs.isEmpty else { return .noImages }
        for job in jobs { start(job) }
        return .started(count: jobs.count)
    }

    /// Saves the article as a Markdown file in the save folder (`s`), read whole from the cache
    /// first (a list's row may hold only its heading; `fullText`: the page's text where it was
    /// read). The save is the downloads', not the screen's: it goes on when the screen closes and
    /// a quit waits for it; `told` hears the file or why not (the screen says it), once.
    package func saveArticle(
        _ article: Article, id: ArticleID?, fullText: Bool, told: @escaping @MainActor (Result<URL, any Error>) -> Void
    ) {
        var job = Job(work: .article(article, fullText: fullText), title: article.title, article: id, quietIfSaved: false)
        job.told = told
        start(job)
    }

    private struct Job: Sendable {
        var work: Work
        let title: String
        /// The article's place in the cache, where the saved file is noted.
        let article: ArticleID?
        /// A file saved before is not announced (`D`).
        let quietIfSaved: Bool
        /// Who hears how it ended in place of `onOutcome` (`s`'s screen).
        var told: (@MainActor (Result<URL, any Error>) -> Void)?

        var url: URL {
            switch work {
            case .image(let request): return request.imageURL
            case .enclosure(let request): return request.url
            case .article(let article, _): return article.url ?? URL(fileURLWithPath: "/" + article.identity)
            }
        }
    }

    /// What a job fetches or writes: an article's image, its enclosure, or the article itself.
    private enum Work: Sendable {
        case image(SaveRequest)
        case enclosure(EnclosureRequest)
        case article(Article, fullText: Bool)
    }

    /// What a job's fetch gave.
    private enum Done: Sendable {
        case image(SavedImage, noted: Bool)
        case enclosure(SavedEnclosure, noted: Bool)
        case article(URL)
    }

    private func start(_ job: Job) {
        nextID += 1
        let id = nextID
        let title = job.title
        var isEnclosure = false
        if case .enclosure = job.work { isEnclosure = true }
        items.append(Item(id: id, title: title.isEmpty ? "(untitled)" : title, link: job.url, state: .queued, isEnclosure: isEnclosure))
        tasks[id] = Task { await self.run(id, job) }
        changed()
    }

    /// One file, in its own task: the save runs as a child while this task shows its progress.
    private func run(_ id: Int, _ job: Job) async {
        let work = await noted(job)
        let persistence = self.persistence
        let store = self.store
        let (reports, continuation) = AsyncStream.makeStream(of: TransferProgress.self, bufferingPolicy: .bufferingNewest(1))
        async let saving: Result<Done, any Error> = {
            defer { continuation.finish() }
            do {
                switch work {
                case .image(let request):
                    let saved = try await persistence.save(request) { continuation.yield($0) }
                    return .success(.image(saved, noted: saved.file == request.savedBefore))
                case .enclosure(let request):
                    let saved = try await persistence.saveEnclosure(request) { continuation.yield($0) }
                    return .success(.enclosure(saved, noted: saved.file == request.savedBefore))
                case .article(let article, let fullText):
                    let whole = try await Self.whole(article, id: job.article, fullText: fullText, in: store)
                    return .success(.article(try await persistence.saveArticle(whole)))
                }
            } catch { return .failure(error) }
        }()
        for await report in reports { update(id, .saving(report)) }
        let outcome = await saving
        switch outcome {
        case .success(.image(let saved, let noted)):
            update(id, .saved(saved))
            if !(saved.alreadySaved && job.quietIfSaved) { onOutcome?(.saved(saved)) }
            if let article = job.article, let store, !noted {
                // A cache that cannot be written (another Headlines has it) keeps no note; the
                // file is still found by its name.
                try? await store.recordSavedImage(of: article, file: saved.file)
            }
        case .success(.enclosure(let saved, let noted)):
            update(id, .downloaded(saved))
            if !(saved.alreadySaved && job.quietIfSaved) { onOutcome?(.downloaded(saved)) }
            if let article = job.article, let store, !noted {
                // Without the note, `p` cannot find the file: say so rather than hide it.
                do {
                    try await store.recordSavedEnclosure(of: article, file: saved.file)
                    onEnclosureNoted?()
                } catch {
                    onOutcome?(.failed("the cache could not note where it went (\(ErrorText.sentence(error)))"))
                }
            }
        case .success(.article(let file)):
            update(id, .written(file))
            job.told?(.success(file))
        case .failure(let error) where error is CancellationError || Task.isCancelled:
            update(id, .cancelled)
        case .failure(let error):
            let reason = Self.reason(error)
            update(id, .failed(reason))
            if let told = job.told { told(.failure(error)) } else { onOutcome?(.failed(reason)) }
        }
        tasks.removeValue(forKey: id)
        if activeCount == 0 { onIdle?() }
    }

    /// The article as the cache holds it (nil `id`, or pruned meanwhile: as given), with the
    /// page's text in place of the feed's when it was read and `fullText`.
    private static func whole(_ article: Article, id: ArticleID?, fullText: Bool, in store: ArticleStore?) async throws -> Article {
        guard let id, let store, let stored = try await store.article(id)?.article else { return article }
        return fullText ? stored.readingFullText : stored.readingFeedText
    }

    /// Why a save failed, as the end of "Not saved: …".
    package static func reason(_ error: any Error) -> String {
        (error as? SaveError)?.reason ?? ErrorText.sentence(error)
    }

    /// The job's work with where the cache says its article's image or enclosure was saved before.
    private func noted(_ job: Job) async -> Work {
        guard let article = job.article, let store else { return job.work }
        switch job.work {
        case .image(var request):
            // Without the note (a cache that cannot be read) the file is still found by its name.
            request.savedBefore = try? await store.savedImage(of: article)?.file
            return .image(request)
        case .enclosure(var request):
            // Without it, the enclosure is downloaded again (under a free name): nothing is lost.
            request.savedBefore = try? await store.savedEnclosure(of: article)?.file
            return .enclosure(request)
        case .article:
            return job.work
        }
    }

    private func update(_ id: Int, _ state: State) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        // A late progress report never overwrites a final state.
        if !items[index].state.isActive, state.isActive { return }
        items[index].state = state
        changed()
    }

    /// Cancels one file (`c`).
    package func cancel(_ id: Int) {
        tasks[id]?.cancel()
    }

    /// Cancels every save in flight (`C`), with the queue held so that no queued save takes a
    /// slot a cancelled one freed before its own cancellation reaches it.
    package func cancelAll() {
        persistence.withQueueHeld {
            for task in tasks.values { task.cancel() }
        }
    }

    /// Waits until every save has ended (its temporary file removed or committed).
    package func waitForAll() async {
        while let task = tasks.values.first {
            await task.value
        }
    }

    /// Set by the first `q` while saves run: the app quits once they end.
    package var isQuitting = false {
        didSet { changed() }
    }

    /// The saves in flight.
    package var activeItems: [Item] { items.filter { $0.state.isActive } }

    private func changed() { onChange?() }
}
