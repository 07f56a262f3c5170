import Foundation
import TestSupport

/// Feeds spread over loopback hosts (127.0.0.1 to 127.0.0.N, as many feeds on each), so that the
/// per-host connection limit applies as on the internet, each answered after `delay`: the
/// `reload` and `refresh` benchmarks' network.
struct LoopbackFeedHosts {
    let servers: [LoopbackServer]
    /// Every feed's URL, host by host.
    let urls: [URL]

    init(feeds: Int, hosts: Int, items: Int, delay: Duration) throws {
        var servers: [LoopbackServer] = []
        var urls: [URL] = []
        for host in 1...hosts {
            let server = try LoopbackServer(host: "127.0.0.\(host)")
            servers.append(server)
            for index in 0..<(feeds / hosts) {
                let number = (host - 1) * (feeds / hosts) + index
                var response = ScriptedResponse.text(SmallFeedGenerator.feed(number, items: items), contentType: "application/rss+xml")
                response.delayBeforeHeaders = delay
                server.route("/feed-\(number).xml", response)
                urls.append(server.url("/feed-\(number).xml"))
            }
        }
        self.servers = servers
        self.urls = urls
    }

    func stop() { for server in servers { server.stop() } }
}
