import Foundation

/// Feeds of every kind for the end-to-end tests, and a config file that names them.
enum FeedFixtures {
    /// An RSS 2.0 feed of `count` items titled `<prefix> 1`..., newest first.
    static func rss(_ prefix: String, count: Int, site: String = "https://example.com/") -> String {
        let items = (1...max(1, count)).map { index in
            """
            <item><title>\(prefix) \(index)</title><link>https://example.com/\(prefix.lowercased())/\(index)</link>\
            <guid>\(prefix)-\(index)</guid><pubDate>\(date(index))</pubDate>\
            <description>Summary of \(prefix) \(index).</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>\(prefix) feed</title><link>\(site)</link>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    static func atom(_ prefix: String, count: Int) -> String {
        let entries = (1...max(1, count)).map { index in
            """
            <entry><title>\(prefix) \(index)</title><link rel="alternate" href="https://example.com/\(prefix.lowercased())/\(index)"/>\
            <id>urn:\(prefix):\(index)</id><updated>2026-11-29T\(String(format: "%02d", 12 - min(index, 11))):00:00Z</updated>\
            <content type="html">&lt;p&gt;Body of \(prefix) \(index)&lt;/p&gt;</content></entry>
            """
        }
        return """
            <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>\(prefix) feed</title>
            <link rel="alternate" href="https://example.com/"/><id>urn:\(prefix)</id><updated>2026-11-29T12:00:00Z</updated>
            \(entries.joined(separator: "\n"))
            </feed>
            """
    }

    static func jsonFeed(_ prefix: String, count: Int) -> String {
        let items = (1...max(1, count)).map { index in
            #"{"id":"\#(prefix)-\#(index)","url":"https://example.com/\#(prefix.lowercased())/\#(index)","title":"\#(prefix) \#(index)","content_text":"Text of \#(prefix) \#(index)","date_published":"2026-11-29T\#(String(format: "%02d", 12 - min(index, 11))):00:00Z"}"#
        }
        return
            #"{"version":"https://jsonfeed.org/version/1.1","title":"\#(prefix) feed","home_page_url":"https://example.com/","items":[\#(items.joined(separator: ","))]}"#
    }

    /// A web page that names its feed in a `<link rel="alternate">`.
    static func page(linkingTo feed: String) -> String {
        """
        <!DOCTYPE html><html><head><title>A site</title>
        <link rel="alternate" type="application/rss+xml" title="Feed" href="\(feed)"></head><body>Hello</body></html>
        """
    }

    /// `[source "Name"]` sections for each (name, url, group), with settings on top.
    static func config(_ sources: [(name: String, url: String, group: String?)], settings: [String] = [], extra: [String] = []) -> String {
        var lines = settings
        for source in sources {
            lines += ["", "[source \"\(source.name)\"]", "url = \(source.url)"]
            if let group = source.group { lines.append("group = \(group)") }
        }
        return (lines + extra).joined(separator: "\n") + "\n"
    }

    /// Writes `text` as the config of the private home `home`.
    static func writeConfig(_ text: String, home: URL) throws {
        let folder = home.appendingPathComponent(".config/headlines", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    }

    /// An RFC 822 date `index` hours before noon on 29 November 2026.
    private static func date(_ index: Int) -> String {
        "Sun, 29 Nov 2026 \(String(format: "%02d", max(0, 12 - index))):00:00 GMT"
    }
}
