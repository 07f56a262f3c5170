import FoundationEssentials
import NewsCore

/// The app's image saves, as the interface sees them: one row per file with its state and
/// progress. Saves belong to the app, not to the screen that started them, so they go on when
/// that screen closes. Each file is one task: `c` cancels it, `C` cancels them all. With the
/// cache, each saved file is noted against its article, so "Already saved" survives a restart
/// (and a changed title), and `D` passes over what is saved already without a word.
@MainActor
public final class DownloadCenter {
    public enum State: Equatable {
        case queued
        case saving(TransferProgress?)
        case saved(SavedImage)
        case failed(String)
        case cancelled

        public var isActive: Bool {
            switch self {
            case .queued, .saving: return true
            default: return false
            }
        }
    }

    public struct Item: Identifiable, Equatable {
        public let id: Int
        public let title: String
        public let imageURL: URL
        public var state: State
    }

    /// What a request to save did at once (its wording is `DownloadsText`'s).
    public enum Start: Equatable {
        case started(count: Int)
        case noImage
        case noImages
        case alreadySaving(title: String)
    }

    /// How the latest save ended.
    public enum Outcome: Equatable {
        case saved(SavedImage)
        case failed(String)
    }

    public private(set) var items: [Item] = []
    /// Each save in flight, by its row's id.
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextID = 0
    private let persistence: Persistence
    /// Where saved files are noted against their articles (nil: nowhere, as in some tests).
    private let store: ArticleStore?
    /// Paths under it are shown as `~/...`, so the file name fits in the status bar.
    public var homeDirectory: String?
    /// Called after every change (the app redraws).
    public var onChange: (@MainActor () -> Void)?
    /// Called when a save ends, saved or failed (the app says so in the status bar for a few seconds).
    public var onOutcome: (@MainActor (Outcome) -> Void)?
    /// Called once nothing is in flight any more (a quit that waits uses it).
    public var onIdle: (@MainActor () -> Void)?

    public init(persistence: Persistence, store: ArticleStore? = nil) {
        self.persistence = persistence
        self.store = store
    }

    /// The save folder: images go there, and articles saved as Markdown (`s`).
    public var folder: URL { persistence.folder }

    public var activeCount: Int { items.filter { $0.state.isActive }.count }
    public var savedCount: Int { items.filter { if case .saved = $0.state { return true } else { return false } }.count }

    /// Saves one article's image (`id`: its place in the cache, where the file is noted); returns at once.
    @discardableResult
    public func save(_ article: Article, id: ArticleID? = nil) -> Start {
        guard let url = article.imageURL else { return .noImage }
        if let existing = items.first(where: { $0.imageURL == url && $0.state.isActive }) {
            return .alreadySaving(title: existing.title)
        }
        start(Job(request: SaveRequest(imageURL: url, title: article.title), article: id, quietIfSaved: false))
        return .started(count: 1)
    }

    /// Saves every image of the list in parallel (bounded by `Persistence`); those already
    /// saved end quietly, with no fetch and no message each.
    @discardableResult
    public func saveAll(_ articles: [(article: Article, id: ArticleID?)]) -> Start {
        var seen = Set<URL>(items.filter { $0.state.isActive }.map(\.imageURL))
        var jobs: [Job] = []
        for (article, id) in articles {
            guard let url = article.imageURL, seen.insert(url).inserted else { continue }
            jobs.append(Job(request: SaveRequest(imageURL: url, title: article.title), article: id, quietIfSaved: true))
        }
        guard !jobs.isEmpty else { return .noImages }
        for job in jobs { start(job) }
        return .started(count: jobs.count)
    }

    private struct Job: Sendable {
        var request: SaveRequest
        /// The article's place in the cache, where the saved file is noted.
        let article: ArticleID?
        /// A file saved before is not announced (`D`).
        let quietIfSaved: Bool
    }

    private func start(_ job: Job) {
        nextID += 1
        let id = nextID
        let title = job.request.title
        items.append(Item(id: id, title: title.isEmpty ? "(untitled)" : title, imageURL: job.request.imageURL, state: .queued))
        tasks[id] = Task { await self.run(id, job) }
        changed()
    }

    /// One file, in its own task: the save runs as a child while this task shows its progress.
    private func run(_ id: Int, _ job: Job) async {
        let request = await noted(job)
        let persistence = self.persistence
        let (reports, continuation) = AsyncStream.makeStream(of: TransferProgress.self, bufferingPolicy: .bufferingNewest(1))
        async let saving: Result<SavedImage, any Error> = {
            defer { continuation.finish() }
            do { return .success(try await persistence.save(request) { continuation.yield($0) }) } catch { return .failure(error) }
        }()
        for await report in reports { update(id, .saving(report)) }
        let outcome = await saving
        switch outcome {
        case .success(let saved):
            update(id, .saved(saved))
            if !(saved.alreadySaved && job.quietIfSaved) { onOutcome?(.saved(saved)) }
            if let article = job.article, let store, saved.file != request.savedBefore {
                // The save succeeded and was said. The note only finds the file again once its name
                // has changed hands; a cache that cannot take it (read-only or busy, said at start;
                // failing now) keeps no note, and the file is still found by its name.
                try? await store.recordSavedImage(of: article, file: saved.file)
            }
        case .failure(let error) where error is CancellationError || Task.isCancelled:
            update(id, .cancelled)
        case .failure(let error):
            let reason = DownloadsText.reason(error)
            update(id, .failed(reason))
            onOutcome?(.failed(reason))
        }
        tasks.removeValue(forKey: id)
        if activeCount == 0 { onIdle?() }
    }

    /// The job's request with where the cache says its article's image was saved before.
    private func noted(_ job: Job) async -> SaveRequest {
        var request = job.request
        if let article = job.article, let store {
            // Without the note (a cache that cannot be read) the file is still found by its name.
            request.savedBefore = try? await store.savedImage(of: article)?.file
        }
        return request
    }

    private func update(_ id: Int, _ state: State) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        // A late progress report never overwrites a final state.
        if !items[index].state.isActive, state.isActive { return }
        items[index].state = state
        changed()
    }

    /// Cancels one file (`c`).
    public func cancel(_ id: Int) {
        tasks[id]?.cancel()
    }

    /// Cancels every save in flight (`C`), with the queue held so that no queued save takes a
    /// slot a cancelled one freed before its own cancellation reaches it.
    public func cancelAll() {
        persistence.withQueueHeld {
            for task in tasks.values { task.cancel() }
        }
    }

    /// Waits until every save has ended (its temporary file removed or committed).
    public func waitForAll() async {
        while let task = tasks.values.first {
            await task.value
        }
    }

    /// Set by the first `q` while saves run: the app quits once they end.
    public var isQuitting = false {
        didSet { changed() }
    }

    /// The saves in flight.
    public var activeItems: [Item] { items.filter { $0.state.isActive } }

    private func changed() { onChange?() }
}
