import Foundation
@testable import HeadlinesUI
import NewsCore
import SessionTestSupport
import TestSupport
@testable import HeadlinesSession
import HeadlinesKeys

/// A screen context with no app behind it: screens render and handle keys without a
/// terminal (redraw requests go nowhere).
@MainActor
final class TestHost {
    let context: ScreenContext
    /// The session the screens under test ask (its cache and downloads in a temporary folder).
    let session: SessionHost
    /// The services' cache, and where their downloads would go (nothing is written there unless a save starts).
    var downloads: TemporaryFolder { session.downloads }

    /// `isRoot`: whether the screen under test is the first one (where `back` quits).
    init(isRoot: Bool = true) throws {
        context = ScreenContext(app: nil, isRoot: isRoot)
        session = try SessionHost()
    }

    /// What `key` does on `screen`, as the app would route it (key map, then the screen).
    func press(_ key: Key, _ screen: any Screen) -> KeyOutcome {
        KeyRouting.outcome(for: key, on: screen, context)
    }

    /// Services around `sources`, with their cache and downloads in a temporary folder of this host's.
    func services(_ sources: any NewsSource..., now: Date = Fixtures.now) async throws -> AppServices {
        try await session.services(sources, now: now)
    }
}
