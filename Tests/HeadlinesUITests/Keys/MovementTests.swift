import Foundation
import HeadlinesSession
import Testing
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import HeadlinesKeys

/// The movement keys work the same on every screen that moves through a list or a text:
/// one piece of code (`Movement`) behind them all.
@Suite("Movement on every screen", .timeLimit(.minutes(1)))
@MainActor
struct MovementTests {
    @Test(arguments: [
        (Key.character("j"), Movement.by(1)), (.down, .by(1)), (.character("k"), .by(-1)), (.up, .by(-1)),
        (.pageDown, .by(5)), (.character(" "), .by(5)), (.control("f"), .by(5)),
        (.pageUp, .by(-5)), (.character("b"), .by(-5)), (.control("b"), .by(-5)),
        (.character("g"), .first), (.home, .first), (.character("G"), .last), (.end, .last),
    ])
    func keysMeanTheSameMovementEverywhere(_ key: Key, _ movement: Movement) throws {
        for screen in ScreenKind.allCases {
            let action = try #require(KeyMap().action(for: key, on: screen), "\(key) does nothing on \(screen)")
            #expect(Movement(action, pageRows: 5) == movement)
        }
    }

    /// `?` asks the app for its help screen (the router builds none); on the help screen it closes it.
    @Test func helpOpensThroughTheAppAndClosesItself() throws {
        let host = try TestHost(isRoot: false)
        #expect(host.press(.character("?"), DownloadsScreenStandIn()) == .openHelp)
        #expect(host.press(.character("?"), HelpScreen()) == .close)
    }

    @Test func theHelpScreenPagesWithPgDnSpaceAndB() throws {
        let host = try TestHost(isRoot: false)
        let help = HelpScreen()
        help.didAppear(host.context)
        func firstRow() -> String {
            var canvas = Canvas(width: 80, height: 10)
            help.render(into: &canvas)
            return canvas.line(1)
        }
        let top = firstRow()
        #expect(host.press(.pageDown, help) == .handled)
        #expect(firstRow() != top)
        #expect(host.press(.character("b"), help) == .handled)
        #expect(firstRow() == top)
        #expect(host.press(.character(" "), help) == .handled)
        #expect(host.press(.character("g"), help) == .handled)
        #expect(firstRow() == top)
        #expect(host.press(.character("?"), help) == .close)
    }

    @Test func theDownloadsScreenPagesToo() async throws {
        let host = try TestHost(isRoot: false)
        let services = try await host.services(ScriptedSource([.success(Edition(articles: []))]))
        let screen = DownloadsScreen(services: services)
        screen.didAppear(host.context)
        var canvas = Canvas(width: 80, height: 10)
        screen.render(into: &canvas)
        for key in [Key.pageDown, .character(" "), .character("b"), .pageUp, .home, .end, .character("G")] {
            #expect(host.press(key, screen) == .handled, "\(key)")
        }
        #expect(host.press(.character("w"), screen) == .close)
    }
}

extension KeyOutcome: Equatable {
    public static func == (lhs: KeyOutcome, rhs: KeyOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.handled, .handled), (.ignored, .ignored), (.close, .close), (.quit, .quit), (.openHelp, .openHelp): return true
        case (.push(let a), .push(let b)): return a === b
        default: return false
        }
    }
}

/// A screen that leaves every action to the app, so that only the router's defaults apply.
@MainActor
private final class DownloadsScreenStandIn: Screen {
    var kind: ScreenKind { .downloads }
    func didAppear(_ context: ScreenContext) {}
    func render(into canvas: inout Canvas) {}
    func perform(_ action: Action, _ context: ScreenContext) -> KeyOutcome { .ignored }
}
