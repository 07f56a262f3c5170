import FoundationEssentials
import HeadlinesSession
import NewsCore

/// `--refused-marks [retry|drop]`: the marks a feed server refused (a 4xx for that mark), which
/// a sync sets aside so that the other marks and the sync itself go on. Listed one a line:
/// the server, the mark, the article's title and the server's refusal; `retry` puts them back
/// in the outbox for the next sync, `drop` forgets them (the server's own state then wins).
enum RefusedMarksCommand {
    enum Action: String, Equatable {
        case list
        case retry
        case drop
    }

    @MainActor
    static func run(_ action: Action, plan: LaunchPlan) async -> Int32 {
        guard let session = await CommandSession.open(plan, for: .printing) else { return 1 }
        let store = session.store
        do {
            switch action {
            case .list:
                let marks = try await store.refusedMarks()
                if marks.isEmpty { Output.say("No mark was refused.") }
                for refused in marks {
                    let mark = refused.mark
                    let what = mark.field == .read ? (mark.value ? "read" : "unread") : (mark.value ? "starred" : "unstarred")
                    let title = refused.title.map { " “\($0)”" } ?? ""
                    Output.say("\(refused.server): \(what) #\(mark.article.rawValue)\(title): \(refused.reason)")
                }
            case .retry:
                let count = try await store.retryRefusedMarks()
                Output.say("\(count) \(count == 1 ? "mark goes" : "marks go") back to the servers at the next sync.")
            case .drop:
                let count = try await store.dropRefusedMarks()
                Output.say("\(count) refused \(count == 1 ? "mark was" : "marks were") forgotten.")
            }
            return 0
        } catch {
            Output.error(ErrorText.sentence(error))
            return 1
        }
    }
}
