import FoundationEssentials
import NewsCore

/// The app's image saves, as the interface sees them: one row per file with its state and
/// progress. Saves belong to the app, not to the screen that started them, so they go on when
/// that screen closes. A batch (`D`) is one parent task with a child per file: cancelling the
/// parent (`C`) reaches every child; `c` flips one child's switch.
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
    private var switches: [Int: CancelSwitch] = [:]
    private var batches: [Int: Task<Void, Never>] = [:]
    private var nextID = 0
    private var nextBatch = 0
    private let persistence: Persistence
    /// Paths under it are shown as `~/...`, so the file name fits in the status bar.
    public var homeDirectory: String?
    /// Called after every change (the app redraws).
    public var onChange: (@MainActor () -> Void)?
    /// Called when a save ends, saved or failed (the app says so in the status bar for a few seconds).
    public var onOutcome: (@MainActor (Outcome) -> Void)?
    /// Called once nothing is in flight any more (a quit that waits uses it).
    public var onIdle: (@MainActor () -> Void)?

    public init(persistence: Persistence) {
        self.persistence = persistence
    }

    public var activeCount: Int { items.filter { $0.state.isActive }.count }
    public var savedCount: Int { items.filter { if case .saved = $0.state { return true } else { return false } }.count }

    /// Saves one article's image; returns at once.
    @discardableResult
    public func save(_ article: Article) -> Start {
        guard let url = article.imageURL else { return .noImage }
        if let existing = items.first(where: { $0.imageURL == url && $0.state.isActive }) {
            return .alreadySaving(title: existing.title)
        }
        start([(article.title, url)])
        return .started(count: 1)
    }

    /// Saves every image of the list in parallel (bounded by `Persistence`).
    @discardableResult
    public func saveAll(_ articles: [Article]) -> Start {
        var seen = Set<URL>(items.filter { $0.state.isActive }.map(\.imageURL))
        var jobs: [(String, URL)] = []
        for article in articles {
            guard let url = article.imageURL, seen.insert(url).inserted else { continue }
            jobs.append((article.title, url))
        }
        guard !jobs.isEmpty else { return .noImages }
        start(jobs)
        return .started(count: jobs.count)
    }

    private func start(_ jobs: [(title: String, url: URL)]) {
        var ids: [Job] = []
        for job in jobs {
            nextID += 1
            let cancelSwitch = CancelSwitch()
            items.append(Item(id: nextID, title: job.title.isEmpty ? "(untitled)" : job.title, imageURL: job.url, state: .queued))
            switches[nextID] = cancelSwitch
            ids.append(Job(id: nextID, request: SaveRequest(imageURL: job.url, title: job.title), cancelSwitch: cancelSwitch))
        }
        nextBatch += 1
        let batch = nextBatch
        let persistence = self.persistence
        batches[batch] = Task { @MainActor in
            await withTaskGroup(of: Void.self) { group in
                for job in ids {
                    group.addTask {
                        await self.runItem(job.id, job.request, job.cancelSwitch, persistence)
                    }
                }
            }
            self.batches.removeValue(forKey: batch)
            self.changed()
        }
        changed()
    }

    private struct Job: Sendable {
        let id: Int
        let request: SaveRequest
        let cancelSwitch: CancelSwitch
    }

    /// One file: the save races its cancel switch; progress flows back through a stream.
    private func runItem(_ id: Int, _ request: SaveRequest, _ cancelSwitch: CancelSwitch, _ persistence: Persistence) async {
        let (reports, continuation) = AsyncStream.makeStream(of: TransferProgress.self, bufferingPolicy: .bufferingNewest(1))
        let outcome: Result<SavedImage, any Error>? = await withTaskGroup(of: Result<SavedImage, any Error>?.self) { group in
            group.addTask {
                defer { continuation.finish() }
                do {
                    return .success(try await persistence.save(request) { continuation.yield($0) })
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                await cancelSwitch.wait()
                return nil
            }
            group.addTask {
                for await report in reports { await self.update(id, .saving(report)) }
                return nil
            }
            var first: Result<SavedImage, any Error>?
            var finishedWork = false
            for await next in group {
                if let next {
                    first = next
                    finishedWork = true
                    group.cancelAll()
                } else if cancelSwitch.isFlipped || Task.isCancelled, !finishedWork {
                    group.cancelAll()
                }
            }
            return first
        }
        if case .success(let saved)? = outcome {
            update(id, .saved(saved))
            onOutcome?(.saved(saved))
        } else if case .failure(let error)? = outcome, !(error is CancellationError) {
            let reason = DownloadsText.reason(error)
            update(id, .failed(reason))
            onOutcome?(.failed(reason))
        } else {
            update(id, .cancelled)
        }
        switches.removeValue(forKey: id)
        if activeCount == 0 { onIdle?() }
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
        switches[id]?.flip()
    }

    /// Cancels every save in flight (`C`): each batch's parent task is cancelled.
    public func cancelAll() {
        persistence.withQueueHeld {
            for (_, task) in batches { task.cancel() }
            for (_, cancelSwitch) in switches { cancelSwitch.flip() }
        }
    }

    /// Waits until every batch has ended and every transfer has removed its temporary file.
    public func waitForAll() async {
        while let (_, task) = batches.first {
            await task.value
        }
        await persistence.waitUntilIdle()
    }

    /// Set by the first `q` while saves run: the app quits once they end.
    public var isQuitting = false {
        didSet { changed() }
    }

    /// The saves in flight.
    public var activeItems: [Item] { items.filter { $0.state.isActive } }

    private func changed() { onChange?() }
}
