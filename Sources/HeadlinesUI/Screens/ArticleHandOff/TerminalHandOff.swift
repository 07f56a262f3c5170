import NewsCore
import HeadlinesSession

extension HandOff {
    /// Runs `body` (a program: `|`'s command, `p`'s player) with the terminal handed over to it;
    /// how it failed, as one sentence, or nil when it ended well.
    static func handingOverTerminal(
        _ context: ScreenContext, _ body: () async throws(CommandPipe.Failure) -> Void
    ) async -> String? {
        var failure: String?
        await context.withTerminalSuspended {
            do throws(CommandPipe.Failure) {
                try await body()
            } catch {
                failure = error.message
            }
        }
        return failure
    }
}
