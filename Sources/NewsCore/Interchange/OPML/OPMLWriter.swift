import FoundationEssentials

/// The sources as an OPML 2.0 document, as newsboat, nom and most readers import it.
///
/// Each feed is `<outline type="rss" text= title= xmlUrl= [htmlUrl=]/>` (nom refuses any other
/// type, and the spec requires `text`); a group becomes nested folder outlines, one per folder of
/// its `GroupPath` (`/`-separated, `\/` inside a name), each placed where its first source is. A source whose URL is a web page that named a
/// feed (`discoveredFeeds`, from the cache) is written with the feed as `xmlUrl` and the page as
/// `htmlUrl`. NewsAPI sources are not feeds: each is left out with a comment in the document
/// saying so, and named in `leftOut`.
public enum OPMLWriter {
    public struct Export: Sendable, Equatable {
        /// The whole document, UTF-8 text ending in a newline.
        public let document: String
        /// The names of the sources that OPML cannot hold.
        public let leftOut: [String]
    }

    public static func export(
        _ sources: [SourceConfig], discoveredFeeds: [SourceKey: URL] = [:], title: String = "Headlines sources"
    ) -> Export {
        let root = Folder(name: "")
        var leftOut: [SourceConfig] = []
        for source in sources {
            guard source.location != nil else {
                leftOut.append(source)
                continue
            }
            root.folder(at: GroupPath.folders(source.group ?? "")[...]).items.append(.feed(source))
        }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<opml version=\"2.0\">",
            "  <head>",
            "    <title>\(XMLText.escape(title))</title>",
            "  </head>",
            "  <body>",
        ]
        write(root, indent: 2, feeds: discoveredFeeds, into: &lines)
        for source in leftOut {
            lines.append("    <!-- \(XMLText.comment("“\(source.name)” is left out: it is a NewsAPI query, not a feed")) -->")
        }
        lines += ["  </body>", "</opml>"]
        return Export(document: lines.joined(separator: "\n") + "\n", leftOut: leftOut.map(\.name))
    }

    private static func write(_ folder: Folder, indent: Int, feeds: [SourceKey: URL], into lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        for item in folder.items {
            switch item {
            case .feed(let source):
                guard let url = source.location else { continue }
                let name = XMLText.escape(source.name)
                let feed = feeds[SourceKey(url.absoluteString)]
                var attributes = "type=\"rss\" text=\"\(name)\" title=\"\(name)\" xmlUrl=\"\(XMLText.escape((feed ?? url).absoluteString))\""
                if let site = feed != nil ? url : source.site { attributes += " htmlUrl=\"\(XMLText.escape(site.absoluteString))\"" }
                lines.append("\(pad)<outline \(attributes)/>")
            case .folder(let child):
                let name = XMLText.escape(child.name)
                lines.append("\(pad)<outline text=\"\(name)\" title=\"\(name)\">")
                write(child, indent: indent + 1, feeds: feeds, into: &lines)
                lines.append("\(pad)</outline>")
            }
        }
    }

    /// A folder of the outline tree being built; a class so that nested folders fill in place.
    private final class Folder {
        enum Item {
            case feed(SourceConfig)
            case folder(Folder)
        }

        let name: String
        var items: [Item] = []

        init(name: String) { self.name = name }

        /// The folder at `path` below this one, created (after the existing items) when missing.
        func folder(at path: ArraySlice<String>) -> Folder {
            guard let first = path.first else { return self }
            for case .folder(let child) in items where child.name == first {
                return child.folder(at: path.dropFirst())
            }
            let child = Folder(name: first)
            items.append(.folder(child))
            return child.folder(at: path.dropFirst())
        }
    }
}
