import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// `kind = greader` with the API root as `url`; `freshrss` and `inoreader` as greader at their
/// usual paths; the password rules of every kind.
@Suite("Google Reader config")
struct GoogleReaderConfigTests {
    private func server(_ lines: String) throws -> ServerConfig {
        let config = try ConfigFixture.parse("[server \"Reader\"]\n" + lines + "user = me\npassword-command = pass show rss\n")
        return try #require(config.servers.first)
    }

    @Test func greaderTakesTheAPIRootAsItIs() throws {
        let reader = try server("kind = greader\nurl = https://rss.example.com/api/greader.php\n")
        #expect(reader.kind == .greader)
        #expect(reader.password == .command(["pass", "show", "rss"]))
        #expect(GoogleReaderClient.apiRoot(reader.kind, reader.url).absoluteString == "https://rss.example.com/api/greader.php")
    }

    @Test(arguments: ["https://rss.example.com/freshrss", "https://rss.example.com/freshrss/", "https://rss.example.com/freshrss/api/greader.php"])
    func freshrssIsGreaderAtItsAPIPath(url: String) throws {
        let reader = try server("kind = freshrss\nurl = \(url)\n")
        #expect(reader.kind == .freshrss)
        #expect(GoogleReaderClient.apiRoot(reader.kind, reader.url).absoluteString.hasSuffix("/freshrss/api/greader.php"))
        #expect(GoogleReaderClient.root(GoogleReaderClient.apiRoot(reader.kind, reader.url)) == "https://rss.example.com/freshrss/api/greader.php")
    }

    @Test func inoreaderNeedsNoURL() throws {
        let reader = try server("kind = inoreader\n")
        #expect(reader.url.absoluteString == "https://www.inoreader.com")
        #expect(GoogleReaderClient.apiRoot(reader.kind, reader.url).absoluteString == "https://www.inoreader.com")
    }

    @Test func greaderAndFreshRSSNeedAURL() {
        for kind in ["greader", "freshrss"] {
            let error = ConfigFixture.error("[server \"A\"]\nkind = \(kind)\nuser = me\npassword-file = /p\n")
            #expect(error?.reason == "server \"A\" needs url = the server's address", "\(kind)")
        }
    }
}
