import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The terminal is given back exactly as it was, however the program ends.
    @Suite struct TerminalRestore {
        enum Ending: String, CaseIterable, Sendable {
            case quitKey, interrupt, terminate, hangUp, quitSignal, crash
        }

        @Test(arguments: Ending.allCases)
        func sttyIsTheSameAfterwards(_ ending: Ending) async throws {
            let environment = ending == .crash ? ["HEADLINES_DEBUG_CRASH_AFTER_DRAW": "1", "SWIFT_BACKTRACE": ""] : [:]
            let session = try HeadlinesSession(["--demo"], environment: environment)
            defer { session.close() }
            if ending != .crash {
                try await session.tmux.waitForText("34 articles")
                #expect(try session.tmux.display("#{mouse_any_flag}") == "1", "the mouse is reported while the program runs")
            }
            switch ending {
            case .quitKey: try session.tmux.sendKeys("q")
            case .interrupt: try session.tmux.sendKeys("C-c")
            case .terminate: try session.tmux.signalProgram(SIGTERM)
            case .hangUp: try session.tmux.signalProgram(SIGHUP)
            case .quitSignal: try session.tmux.sendKeys("C-\\")
            case .crash: break
            }
            let status = try await session.tmux.waitForExit()
            switch ending {
            case .quitKey: #expect(status == 0)
            case .interrupt: #expect(status == 130)
            case .terminate: #expect(status == 143)
            case .hangUp: #expect(status == 129)
            case .quitSignal: #expect(status == 131)
            case .crash: #expect(status > 128 && status != 143, "a crash should end by a signal, not \(status)")
            }
            let before = try #require(session.tmux.sttyBefore)
            let after = try #require(session.tmux.sttyAfter)
            #expect(before == after)
            #expect(try await eventually { try session.tmux.display("#{mouse_any_flag} #{mouse_sgr_flag}") == "0 0" }, "the mouse is the terminal's again")
            // The cursor is visible again and the alternate screen is gone.
            // tmux may still be reading the program's last bytes when its exit status is seen.
            _ = try await session.tmux.waitForScreen(describedAs: "the program's screen gone", timeout: .seconds(5)) {
                !$0.contains("articles ·")
            }
        }
    }
}
