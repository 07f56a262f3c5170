import Foundation
import Testing
@testable import NewsCore
import TestSupport

/// `kind = nextcloud` with Nextcloud's address as `url` (or the API's own); the user and the
/// password rules of every kind.
@Suite("Nextcloud News config")
struct NextcloudNewsConfigTests {
    @Test func nextcloudTakesNextcloudsAddressAUserAndAPassword() throws {
        let config = try ConfigFixture.parse(
            "[server \"Cloud\"]\nkind = nextcloud\nurl = https://cloud.example.com/\nuser = alice\npassword-command = pass show nextcloud\n")
        let cloud = try #require(config.servers.first)
        #expect(cloud.kind == .nextcloud && cloud.user == "alice")
        #expect(cloud.password == .command(["pass", "show", "nextcloud"]))
        #expect(NextcloudNewsClient.apiBase(cloud.url) == "https://cloud.example.com/index.php/apps/news/api/v1-3")
    }

    @Test func nextcloudNeedsAUserAndAURL() {
        let noUser = ConfigFixture.error("[server \"A\"]\nkind = nextcloud\nurl = https://cloud.example.com/\npassword-file = /p\n")
        #expect(noUser?.reason == "server \"A\" needs user = the account's name")
        let noURL = ConfigFixture.error("[server \"A\"]\nkind = nextcloud\nuser = me\npassword-file = /p\n")
        #expect(noURL?.reason == "server \"A\" needs url = the server's address")
    }
}
