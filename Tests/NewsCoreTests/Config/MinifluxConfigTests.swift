import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// `kind = miniflux` with Miniflux's address as `url`: without `user` the password is an API
/// token, with one it is the account's password; the password rules of every kind.
@Suite("Miniflux config")
struct MinifluxConfigTests {
    private func server(_ lines: String) throws -> ServerConfig {
        let config = try ConfigFixture.parse("[server \"Flux\"]\nkind = miniflux\nurl = https://rss.example.com/\n" + lines)
        return try #require(config.servers.first)
    }

    @Test func withoutAUserThePasswordIsAnAPIToken() throws {
        let flux = try server("password-command = pass show miniflux-token\n")
        #expect(flux.kind == .miniflux)
        #expect(flux.user.isEmpty)
        #expect(flux.password == .command(["pass", "show", "miniflux-token"]))
        #expect(MinifluxClient.Credentials(user: flux.user, secret: "t0ken").isToken)
    }

    @Test func withAUserItIsTheAccountsPassword() throws {
        let flux = try server("user = me\npassword-file = ~/.config/headlines/miniflux\n")
        #expect(flux.user == "me")
        #expect(flux.password == .file(URL(fileURLWithPath: "/home/reader/.config/headlines/miniflux")))
        #expect(!MinifluxClient.Credentials(user: flux.user, secret: "secret").isToken)
    }

    @Test(arguments: ["https://rss.example.com", "https://rss.example.com/", "https://rss.example.com/v1", "https://rss.example.com/v1/"])
    func theAPIIsUnderV1OfTheAddress(url: String) throws {
        #expect(MinifluxClient.root(try #require(URL(string: url))) == "https://rss.example.com")
    }

    @Test func aPasswordAndAURLAreStillNeeded() {
        let noPassword = ConfigFixture.error("[server \"A\"]\nkind = miniflux\nurl = https://rss.example.com/\n")
        #expect(noPassword?.reason == "server \"A\" needs password-command or password-file")
        let noURL = ConfigFixture.error("[server \"A\"]\nkind = miniflux\npassword-file = /p\n")
        #expect(noURL?.reason == "server \"A\" needs url = the server's address")
        let twice = ConfigFixture.error("[server \"A\"]\nkind = miniflux\nurl = https://rss.example.com/\npassword-file = /p\npassword-command = pass x\n")
        #expect(twice?.reason == "server \"A\" takes one of password-command, password-file and password")
    }

    @Test func otherKindsStillNeedAUser() {
        let error = ConfigFixture.error("[server \"A\"]\nkind = ttrss\nurl = https://rss.example.com/\npassword-file = /p\n")
        #expect(error?.reason == "server \"A\" needs user = the account's name")
    }
}
