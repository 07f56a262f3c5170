import Foundation
@testable import NewsCore
import Testing
import TestSupport

/// One way a NewsAPI fetch fails: what the server answers, and the error and the sentence a
/// person reads that must come of it (both given the server's host, `127.0.0.1:<port>`).
struct FetchFailure: Sendable, CustomTestStringConvertible {
    /// Every failure a status, a body or a broken transfer can cause.
    static let all: [FetchFailure] = statuses + bodies + brokenTransfers + oversized

    static let statuses = [
        FetchFailure(
            testDescription: "401 with NewsAPI's body", response: .json(NetFixtures.apiKeyInvalidBody, status: 401),
            error: { _ in .http(status: 401, code: "apiKeyInvalid", message: "Your API key is invalid or incorrect.") },
            sentence: { _ in "HTTP 401 apiKeyInvalid: Your API key is invalid or incorrect." }),
        // libcurl asks for gzip and inflates it; Content-Length then counts the compressed bytes,
        // which for a small body are more than the body itself.
        FetchFailure(
            testDescription: "401 with NewsAPI's body, gzipped",
            response: ScriptedResponse(
                status: 401, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                body: .data(NetFixtures.gzipStored(Data(NetFixtures.apiKeyInvalidBody.utf8)))),
            error: { _ in .http(status: 401, code: "apiKeyInvalid", message: "Your API key is invalid or incorrect.") },
            sentence: { _ in "HTTP 401 apiKeyInvalid: Your API key is invalid or incorrect." }),
        FetchFailure(
            testDescription: "429 rate limited",
            response: .json(#"{"status":"error","code":"rateLimited","message":"\#(rateLimitMessage)"}"#, status: 429),
            error: { _ in .http(status: 429, code: "rateLimited", message: rateLimitMessage) },
            sentence: { _ in "HTTP 429 rateLimited: \(rateLimitMessage)" }),
        FetchFailure(
            testDescription: "500 with an HTML body, which has no code",
            response: .text(
                "<!DOCTYPE html><html><head><title>500</title></head><body><h1>Internal Server Error</h1></body></html>",
                status: 500, contentType: "text/html"),
            error: { _ in .http(status: 500, code: nil, message: nil) },
            sentence: { _ in "HTTP 500: Internal Server Error." }),
        FetchFailure(
            testDescription: "404 without a body", response: ScriptedResponse(status: 404),
            error: { _ in .http(status: 404, code: nil, message: nil) },
            sentence: { _ in "HTTP 404: Not Found." }),
    ]

    static let bodies = [
        FetchFailure(
            testDescription: "200 with a body that is not JSON", response: .text("Service temporarily unavailable, try again later"),
            error: { _ in .invalidDocument("it is not a feed or a news document (neither XML nor JSON)") },
            sentence: { _ in "The response could not be read: it is not a feed or a news document (neither XML nor JSON)." }),
        FetchFailure(
            testDescription: "200 with broken JSON", response: .json(#"{"status":"ok","articles":[{"title":"cut off"#),
            error: { _ in .invalidDocument("it is not valid JSON (unterminated string at byte 44)") },
            sentence: { _ in "The response could not be read: it is not valid JSON (unterminated string at byte 44)." }),
        FetchFailure(
            testDescription: "200 with an empty body", response: .text("", contentType: "application/json"),
            error: { _ in .invalidDocument("it is empty") },
            sentence: { _ in "The response could not be read: it is empty." }),
        FetchFailure(
            testDescription: "200 with NewsAPI's error body",
            response: .json(#"{"status":"error","code":"parametersMissing","message":"Required parameters are missing."}"#),
            error: { _ in .api(code: "parametersMissing", message: "Required parameters are missing.") },
            sentence: { _ in "The server refused the request (parametersMissing): Required parameters are missing." }),
    ]

    static let brokenTransfers = [
        FetchFailure(
            testDescription: "a body shorter than its Content-Length",
            response: ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(NetFixtures.threeArticles.utf8)),
                contentLength: .declared(NetFixtures.threeArticles.utf8.count + 4000)),
            error: { .connectionLost(host: $0) }, sentence: connectionLostSentence),
        // The server reads the request and aborts with RST before answering.
        FetchFailure(
            testDescription: "a reset before the answer", response: ScriptedResponse(action: .reset),
            error: { .connectionLost(host: $0) }, sentence: connectionLostSentence),
        FetchFailure(
            testDescription: "a reset after part of the body",
            response: ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(NetFixtures.threeArticles.utf8)),
                action: .resetAfter(bytes: 100)),
            cutAfter: 100, error: { .connectionLost(host: $0) }, sentence: connectionLostSentence),
        // Without a length, only the RST tells the client the body is cut short.
        FetchFailure(
            testDescription: "a reset after part of a close-delimited body",
            response: ScriptedResponse(
                headers: [("Content-Type", "application/json")], body: .data(Data(NetFixtures.threeArticles.utf8)),
                contentLength: .omitted, action: .resetAfter(bytes: 100)),
            cutAfter: 100, error: { .connectionLost(host: $0) }, sentence: connectionLostSentence),
        FetchFailure(
            testDescription: "a redirect loop", response: .redirect(to: "/v2/top-headlines?again"),
            error: { .transport("\($0) redirected too many times") },
            sentence: { "The request failed: \($0) redirected too many times." }),
    ]

    static let oversized = [(ScriptedResponse.ContentLength.exact, "with"), (.omitted, "without")].map { length, with in
        FetchFailure(
            testDescription: "a body over the cap, \(with) a Content-Length",
            response: ScriptedResponse(
                headers: [("Content-Type", "application/json")],
                body: .generated(prefix: Data(#"{"status":"ok","articles":[],"padding":""#.utf8), count: 5000), contentLength: length),
            sizeLimit: 1000, error: { _ in .tooLarge(limit: 1000) },
            sentence: { _ in "The response is larger than 1000 bytes, the most Headlines will read." })
    }

    static let rateLimitMessage =
        "You have made too many requests recently. Developer accounts are limited to 100 requests over a 24 hour period (50 requests available every 12 hours). Please upgrade to a paid plan if you need more requests."

    static let connectionLostSentence: @Sendable (String) -> String = {
        "The connection to \($0) closed before the response was complete."
    }

    // What a case holds.

    let testDescription: String
    let response: ScriptedResponse
    var sizeLimit = NewsService.defaultSizeLimit
    /// When the answer is cut short: the body bytes the server's log must show it sent first.
    var cutAfter: Int?
    let error: @Sendable (_ host: String) -> NewsError
    let sentence: @Sendable (_ host: String) -> String
}
