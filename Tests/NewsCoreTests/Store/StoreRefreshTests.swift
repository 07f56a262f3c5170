import Foundation
@testable import NewsCore
import Testing

/// Refresh records: validators, 304s, failures and Retry-After.
@Suite struct StoreRefreshTests {
    let sandbox: StoreSandbox
    let feed = StoreFixtures.feed
    let t0 = StoreFixtures.epoch

    init() throws { sandbox = try StoreSandbox() }

    @Test func anUnknownSourceHasNoRecord() async throws {
        let store = try await sandbox.open()
        #expect(try await store.refreshState(of: feed) == nil)
    }

    @Test func validatorsRoundTripAndSurviveAReopen() async throws {
        let validators = HTTPValidators(etag: "W/\"5e1-abc\"", lastModified: "Tue, 03 Jun 2025 10:00:00 GMT")
        do {
            let store = try await sandbox.open()
            try await store.merge(StoreFixtures.edition(1...2), into: feed, validators: validators, at: t0)
        }
        let reopened = try await sandbox.open()
        let state = try #require(try await reopened.refreshState(of: feed))
        #expect(
            state
                == SourceRefreshState(
                    lastAttempt: t0, outcome: .updated, lastSuccess: t0, validators: validators, retryAfter: nil))
    }

    /// A 304 writes the time only: articles, titles and validators as they were.
    @Test func notModifiedRecordsOnlyTheTime() async throws {
        let store = try await sandbox.open()
        let validators = HTTPValidators(etag: "\"v1\"")
        try await store.merge(StoreFixtures.edition(1...2), into: feed, validators: validators, at: t0)
        let before = try await store.all(.source(feed))

        try await store.recordNotModified(feed, at: t0 + 600)

        let state = try #require(try await store.refreshState(of: feed))
        #expect(state.lastAttempt == t0 + 600 && state.lastSuccess == t0 + 600)
        #expect(state.outcome == .notModified && state.validators == validators)
        #expect(try await store.all(.source(feed)) == before)

        try await store.recordNotModified(feed, validators: HTTPValidators(etag: "\"v2\""), at: t0 + 1_200)
        #expect(
            try await store.refreshState(of: feed)?.validators == HTTPValidators(etag: "\"v2\""),
            "a 304 may bring a new ETag; a missing Last-Modified stays missing")
    }

    @Test func aFailureKeepsValidatorsAndSaysWhenToRetry() async throws {
        let store = try await sandbox.open()
        let validators = HTTPValidators(etag: "\"v1\"", lastModified: "Mon, 02 Jun 2025 08:00:00 GMT")
        try await store.merge(StoreFixtures.edition(1...2), into: feed, validators: validators, at: t0)

        try await store.recordFailure(feed, message: "HTTP 429: too many requests.", retryAfter: t0 + 3_600, at: t0 + 60)

        let failed = try #require(try await store.refreshState(of: feed))
        #expect(
            failed
                == SourceRefreshState(
                    lastAttempt: t0 + 60, outcome: .failed("HTTP 429: too many requests."), lastSuccess: t0,
                    validators: validators, retryAfter: t0 + 3_600))
        #expect(try await store.count(.source(feed)) == 2, "a failure keeps the articles")

        try await store.merge(StoreFixtures.edition(1...2), into: feed, validators: validators, at: t0 + 4_000)
        let recovered = try #require(try await store.refreshState(of: feed))
        #expect(recovered.retryAfter == nil && recovered.outcome == .updated && recovered.lastSuccess == t0 + 4_000)
    }

    @Test func aSourceThatNeverLoadedIsOfflineSinceNever() async throws {
        let store = try await sandbox.open()
        try await store.recordFailure(feed, message: "The server could not be reached.", at: t0)
        let summary = try #require(try await store.sources().first)
        #expect(summary.key == feed && summary.articleCount == 0)
        #expect(summary.refresh.lastSuccess == nil && summary.refresh.outcome == .failed("The server could not be reached."))
    }

    /// Validators are echoed to servers and error sentences shown: both are cleaned, and an
    /// absurdly long validator is dropped rather than cut.
    @Test func hostileRefreshTextIsCleaned() async throws {
        let store = try await sandbox.open()
        let longTag = String(repeating: "x", count: HTTPValidators.maxLength + 1)
        try await store.merge(
            StoreFixtures.edition(1...1), into: feed,
            validators: HTTPValidators(etag: "\"a\u{1B}[31mb\"", lastModified: longTag), at: t0)
        #expect(try await store.refreshState(of: feed)?.validators == HTTPValidators(etag: "\"ab\"", lastModified: nil))
        try await store.recordFailure(feed, message: "bad\u{1B}]0;title\u{07} news\r\nhere", at: t0)
        #expect(try await store.refreshState(of: feed)?.outcome == .failed("bad news here"))
    }
}
