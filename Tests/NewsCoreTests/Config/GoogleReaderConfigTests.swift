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

    @Test func inoreaderNeedsNoURLButAnApp() throws {
        let reader = try server("kind = inoreader\napp-id = 1000001414\napp-key = kk18irxGeo\n")
        #expect(reader.url.absoluteString == "https://www.inoreader.com")
        #expect(GoogleReaderClient.apiRoot(reader.kind, reader.url).absoluteString == "https://www.inoreader.com")
        #expect(reader.app == ServerConfig.AppRegistration(id: "1000001414", key: "kk18irxGeo"))
        #expect(!"\(reader)".contains("kk18irxGeo"), "the key is never printed")
        let missing = ConfigFixture.error("[server \"A\"]\nkind = inoreader\nuser = me\npassword-file = /p\n")
        #expect(
            missing?.reason
                == "server \"A\" needs app-id and app-key: Inoreader asks them of every client (register one under Preferences, Developer, on inoreader.com)"
        )
    }

    @Test func anAppIsBothItsIDAndKeyAndOnlyForTheGoogleReaderKinds() throws {
        let greader = try server("kind = greader\nurl = https://rss.example.com/api/greader.php\napp-id = 7\napp-key = k\n")
        #expect(greader.app?.id == "7")
        #expect(try server("kind = greader\nurl = https://rss.example.com/api/greader.php\n").app == nil)
        let half = ConfigFixture.error("[server \"A\"]\nkind = greader\nurl = https://e.com/\napp-id = 7\nuser = me\npassword-file = /p\n")
        #expect(half?.reason == "server \"A\" needs both app-id and app-key, or neither")
        let fever = ConfigFixture.error("[server \"A\"]\nkind = fever\nurl = https://e.com/\napp-id = 7\napp-key = k\nuser = me\npassword-file = /p\n")
        #expect(fever?.reason == "server \"A\": app-id and app-key are for kind = greader, freshrss or inoreader")
        let spaced = ConfigFixture.error("[server \"A\"]\nkind = greader\nurl = https://e.com/\napp-key = my secret key\n")
        #expect(spaced?.reason == "app-key is 1 to 256 visible characters with no spaces")
        #expect(!(spaced.map { "\($0)" } ?? "").contains("secret"), "the key is never quoted back")
    }

    @Test func greaderAndFreshRSSNeedAURL() {
        for kind in ["greader", "freshrss"] {
            let error = ConfigFixture.error("[server \"A\"]\nkind = \(kind)\nuser = me\npassword-file = /p\n")
            #expect(error?.reason == "server \"A\" needs url = the server's address", "\(kind)")
        }
    }
}
