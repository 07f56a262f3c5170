import Foundation
import Testing
@testable import NewsCore

@Suite("NewsAPIRequest")
struct NewsAPIRequestTests {
    private func url(_ request: NewsAPIRequest, base: String = "https://newsapi.org") -> String? {
        request.url(base: URL(string: base)!)?.absoluteString
    }

    @Test func bareTopHeadlinesAsksForTheUSEdition() {
        #expect(
            NewsAPIRequest.topHeadlines().url(base: NewsService.defaultBaseURL)?.absoluteString
                == "https://newsapi.org/v2/top-headlines?country=us")
        #expect(url(.topHeadlines(), base: "https://newsapi.org/") == "https://newsapi.org/v2/top-headlines?country=us")
    }

    @Test func baseWithAPath() {
        #expect(url(.topHeadlines(), base: "http://host/proxy") == "http://host/proxy/v2/top-headlines?country=us")
        #expect(url(.topHeadlines(), base: "http://host/proxy/") == "http://host/proxy/v2/top-headlines?country=us")
        #expect(url(.topHeadlines(), base: "http://127.0.0.1:8080") == "http://127.0.0.1:8080/v2/top-headlines?country=us")
        #expect(url(.everything(query: "x"), base: "https://h.example/a/b/") == "https://h.example/a/b/v2/everything?q=x")
    }

    @Test func queryItemsInOrder() {
        #expect(
            url(.topHeadlines(country: "gb", category: "business", query: "rates", pageSize: 20))
                == "https://newsapi.org/v2/top-headlines?country=gb&category=business&q=rates&pageSize=20")
        #expect(url(.topHeadlines(category: "science")) == "https://newsapi.org/v2/top-headlines?category=science")
        #expect(url(.topHeadlines(query: "nasa")) == "https://newsapi.org/v2/top-headlines?q=nasa")
        #expect(
            url(NewsAPIRequest(endpoint: .everything, query: "x", pageSize: 5, page: 3))
                == "https://newsapi.org/v2/everything?q=x&pageSize=5&page=3")
        #expect(url(NewsAPIRequest(endpoint: .everything)) == "https://newsapi.org/v2/everything")
    }

    @Test func sourcesWinOverCountryAndCategory() {
        #expect(
            url(NewsAPIRequest(country: "us", category: "sports", sources: "bbc-news,cnn", pageSize: 10))
                == "https://newsapi.org/v2/top-headlines?sources=bbc-news,cnn&pageSize=10")
        #expect(url(.topHeadlines(sources: "bbc-news")) == "https://newsapi.org/v2/top-headlines?sources=bbc-news")
    }

    @Test func everythingEndpoint() {
        #expect(url(.everything(query: "climate", pageSize: 100)) == "https://newsapi.org/v2/everything?q=climate&pageSize=100")
        #expect(NewsAPIRequest.everything(query: "climate") == NewsAPIRequest(endpoint: .everything, query: "climate"))
    }

    @Test func queryIsPercentEncoded() {
        #expect(url(.everything(query: "swift & rust")) == "https://newsapi.org/v2/everything?q=swift%20%26%20rust")
        #expect(url(.everything(query: "a=b#c")) == "https://newsapi.org/v2/everything?q=a%3Db%23c")
        #expect(url(.everything(query: "café 東京")) == "https://newsapi.org/v2/everything?q=caf%C3%A9%20%E6%9D%B1%E4%BA%AC")
    }

    @Test func queryRoundTripsThroughURLComponents() throws {
        for query in ["swift & rust", "a=b", "100%", "#hash", "\"exact phrase\" -minus", "café"] {
            let built = try #require(NewsAPIRequest.everything(query: query).url(base: NewsService.defaultBaseURL))
            let items = URLComponents(url: built, resolvingAgainstBaseURL: false)?.queryItems
            #expect(items == [URLQueryItem(name: "q", value: query)])
        }
    }

    @Test(.bug(id: "query-plus-sign", "A plus sign in the query is sent unencoded, and servers read + in a query string as a space"))
    func plusSignIsPercentEncoded() {
        #expect(url(.everything(query: "C++")) == "https://newsapi.org/v2/everything?q=C%2B%2B")
    }

    @Test func displayName() {
        #expect(NewsAPIRequest.topHeadlines().displayName == "NewsAPI top headlines (US)")
        #expect(NewsAPIRequest.topHeadlines(country: "gb", category: "science").displayName == "NewsAPI top headlines (GB, science)")
        #expect(NewsAPIRequest.everything(query: "mars").displayName == "NewsAPI: “mars”")
    }
}

@Suite("NewsError")
struct NewsErrorTests {
    @Test(arguments: [
        (NewsError.offline(host: "newsapi.org"), "You appear to be offline: newsapi.org could not be reached."),
        (.cannotFindHost(host: "newsapi.org"), "The server newsapi.org could not be found."),
        (.cannotConnect(host: "127.0.0.1:8080"), "Could not connect to 127.0.0.1:8080: the connection was refused."),
        (.timedOut(host: "newsapi.org"), "newsapi.org did not answer in time."),
        (.connectionLost(host: "newsapi.org"), "The connection to newsapi.org closed before the response was complete."),
        (.http(status: 401, code: "apiKeyInvalid", message: "Your API key is invalid."), "HTTP 401 apiKeyInvalid: Your API key is invalid."),
        (.http(status: 429, code: nil, message: "Too many requests today."), "HTTP 429: Too many requests today."),
        (.api(code: "apiKeyMissing", message: "Your API key is missing."), "The server refused the request (apiKeyMissing): Your API key is missing."),
        (.api(code: nil, message: nil), "The server refused the request: no reason given."),
        (.invalidDocument("it is empty"), "The response could not be read: it is empty."),
        (.tooLarge(limit: 32 * 1024 * 1024), "The response is larger than 32 MiB, the most Headlines will read."),
        (.file(path: "/tmp/x.json", reason: "no such file"), "Could not read /tmp/x.json: no such file."),
        (.unsupportedURL("gopher://x"), "Headlines cannot fetch gopher://x."),
        (.transport("error -1 talking to h"), "The request failed: error -1 talking to h."),
    ])
    func messages(error: NewsError, expected: String) {
        #expect(error.message == expected)
        #expect(error.description == expected)
        #expect(error.localizedDescription == expected)
    }

    @Test(
        .bug(id: "http-message-full-stop", "Without a server message, an HTTP error reads \"HTTP 404: Not Found\", the one message that is not a full sentence")
    )
    func httpStatusWithoutAMessageIsASentence() {
        #expect(NewsError.http(status: 404, code: nil, message: nil).message == "HTTP 404: Not Found.")
        #expect(NewsError.http(status: 503, code: "maintenance", message: nil).message == "HTTP 503 maintenance: Service Unavailable.")
    }

    @Test func everyMessageIsOneSentence() {
        let errors: [NewsError] = [
            .offline(host: "h"), .cannotFindHost(host: "h"), .cannotConnect(host: "h"), .timedOut(host: "h"),
            .connectionLost(host: "h"), .api(code: "c", message: "m."), .invalidDocument("r"), .tooLarge(limit: 1_048_576),
            .file(path: "/p", reason: "r"), .unsupportedURL("u"), .transport("t"),
        ]
        for error in errors {
            let message = error.message
            #expect(message.hasSuffix("."), "\(message)")
            #expect(!message.dropLast().contains(". "), "\(message)")
            #expect(!message.contains("\n"), "\(message)")
        }
    }

    @Test(arguments: [
        (0, "0 bytes"), (512, "512 bytes"), (1023, "1023 bytes"), (1024, "1 KiB"), (1536, "1.5 KiB"),
        (10 * 1024, "10 KiB"), (32 * 1024 * 1024, "32 MiB"), (3 * 1024 * 1024 / 2 * 1024, "1.5 GiB"),
        (5 * 1024 * 1024 * 1024 * 1024, "5 TiB"), (2048 * 1024 * 1024 * 1024 * 1024, "2048 TiB"),
    ])
    func byteCounts(bytes: Int, expected: String) {
        #expect(ByteCount.describe(bytes) == expected)
    }
}

@Suite("ProgressThrottle")
struct ProgressThrottleTests {
    let start = ContinuousClock.now

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func onePerPercentAndNoneWithin33Milliseconds() {
        var throttle = ProgressThrottle()
        func report(_ received: Int64, _ milliseconds: Int) -> Bool {
            throttle.shouldReport(TransferProgress(received: received, expected: 1000), now: at(milliseconds))
        }
        #expect(report(0, 0))  // 0%
        #expect(!report(5, 100))  // still 0%
        #expect(report(10, 200))  // 1%
        #expect(!report(500, 210))  // 50%, but 10 ms later
        #expect(!report(600, 232))  // 32 ms later
        #expect(report(600, 233))  // 60%, 33 ms later
        #expect(!report(609, 400))  // still 60%
        #expect(!report(100, 500))  // going backwards never reports
        #expect(report(1000, 500))  // 100%
        #expect(!report(1000, 1000))
    }

    @Test func unknownSizeIsLimitedByTimeAlone() {
        var throttle = ProgressThrottle()
        let results = [0, 10, 32, 33, 40, 65, 66, 1000].map {
            throttle.shouldReport(TransferProgress(received: Int64($0), expected: nil), now: at($0))
        }
        #expect(results == [true, false, false, true, false, false, true, true])
    }

    @Test func aSlowDownloadReportsEachPercentOnce() {
        var throttle = ProgressThrottle()
        var percents: [Int] = []
        var times: [Int] = []
        for chunk in 1...10_000 {  // 100 bytes a millisecond of 1,000,000
            let progress = TransferProgress(received: Int64(chunk * 100), expected: 1_000_000)
            if throttle.shouldReport(progress, now: at(chunk)) {
                percents.append(Int(progress.fraction! * 100))
                times.append(chunk)
            }
        }
        #expect(percents == Array(0...100))
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 33 })
    }

    @Test func aFastDownloadIsLimitedTo30ASecond() {
        var throttle = ProgressThrottle()
        var reported: [Int] = []
        for chunk in 1...100 {  // 1% a millisecond
            if throttle.shouldReport(TransferProgress(received: Int64(chunk * 1000), expected: 100_000), now: at(chunk)) {
                reported.append(chunk)
            }
        }
        #expect(reported == [1, 34, 67, 100])
    }
}
