import Foundation
import TestSupport

/// Feeds spread over loopback hosts (127.0.0.1 to 127.0.0.N, as many feeds on each), so that the
/// per-host connection limit applies as on the internet, each answered after `delay`: the
/// `reload` and `refresh` benchmarks' network.
struct LoopbackFeedHosts {
    let servers: [LoopbackServer]
    /// Every feed's URL, host by host.
    let urls: [URL]

    /// - Parameter conditional: each feed sends an ETag and answers a request that names it with
    ///   304 Not Modified (after the same delay), as a server whose feeds have not changed.
    init(feeds: Int, hosts: Int, items: Int, delay: Duration, conditional: Bool = false) throws {
        var servers: [LoopbackServer] = []
        var urls: [URL] = []
        for host in 1...hosts {
            let server = try LoopbackServer(host: "127.0.0.\(host)")
            servers.append(server)
            for index in 0..<(feeds / hosts) {
                let number = (host - 1) * (feeds / hosts) + index
                var response = ScriptedResponse.text(SmallFeedGenerator.feed(number, items: items), contentType: "application/rss+xml")
                response.delayBeforeHeaders = delay
                if conditional {
                    let tag = "\"feed-\(number)\""
                    response.headers.append(("ETag", tag))
                    var unchanged = ScriptedResponse.bytes(Data(), contentType: "application/rss+xml", status: 304)
                    unchanged.delayBeforeHeaders = delay
                    unchanged.headers.append(("ETag", tag))
                    let (changed, same) = (response, unchanged)
                    server.respond("/feed-\(number).xml") { request in request.headers["if-none-match"] == tag ? same : changed }
                } else {
                    server.route("/feed-\(number).xml", response)
                }
                urls.append(server.url("/feed-\(number).xml"))
            }
        }
        self.servers = servers
        self.urls = urls
    }

    func stop() { for server in servers { server.stop() } }
}
