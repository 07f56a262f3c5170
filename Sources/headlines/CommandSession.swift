import HeadlinesSession
import NewsCore

/// The session as a command opens it (`--refresh`, `--print --offline`, `--search`,
/// `--refused-marks`): what opening it said goes to stderr, and nil (the sentence said) when
/// it cannot be opened at all.
enum CommandSession {
    @MainActor
    static func open(_ plan: LaunchPlan, for use: Session.Use) async -> Session? {
        do {
            let session = try await Session.open(plan.session, for: use) { sentence in Output.error(sentence) }
            for notice in session.notices { Output.error(notice.text) }
            return session
        } catch {
            Output.error(error.message)
            return nil
        }
    }
}
