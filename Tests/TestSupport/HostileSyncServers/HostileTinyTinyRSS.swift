import Foundation

/// A loopback Tiny Tiny RSS API that misbehaves in one chosen way (real HTTP on 127.0.0.1):
/// for the sync's limits. It logs in anyone, has no categories, and answers `getHeadlines`
/// by its `Behaviour`; every call is counted by op.
public final class HostileTinyTinyRSS: Sendable {
    public enum Behaviour: Sendable {
        /// `skip` ignored: every page is the same full page of 200 articles.
        case ignoresSkip
        /// Every page full of 200 articles never sent before: no page is ever short.
        case neverShort
        /// Every page empty, whatever the feed list's counts claim.
        case emptyPages
        /// Every page is the one 200-article page (ids 1-200), each article unread and starred.
        case starredAndUnread
        /// An honest server (`skip` and `limit` kept, each feed's own ids, nothing starred)
        /// whose articles are heavy: with `bodyBytes` of 300 KB, a page of 200 is 60 MB.
        case heavy
    }

    public let server: LoopbackServer
    private let calls = CallLog()

    /// - Parameters:
    ///   - feeds: how many feeds `getFeeds` lists, each claiming `unreadPerFeed` unread articles.
    ///   - bodyBytes: the size of each article's `content` (for pages of a given weight).
    ///   - server, path: where it answers (by default a server of its own, at `/api/`).
    public init(
        _ behaviour: Behaviour, feeds: Int = 1, unreadPerFeed: Int = 1_000, bodyBytes: Int = 64, on server: LoopbackServer? = nil,
        path: String = ""
    ) throws {
        self.server = try server ?? LoopbackServer()
        self.path = path
        let calls = calls
        let body = String(repeating: "x", count: bodyBytes)
        let feedList =
            "[" + (1...max(1, feeds)).map { #"{"id":\#($0),"title":"Feed \#($0)","unread":\#(unreadPerFeed),"cat_id":0}"# }.joined(separator: ",") + "]"
        self.server.respond(path + "/api/") { request in
            let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
            let op = object["op"] as? String ?? ""
            let serial = calls.add(op)
            func answer(_ content: String) -> ScriptedResponse { .json(#"{"seq":0,"status":0,"content":\#(content)}"#) }
            func page(_ first: Int, feed: Int, starred: Bool) -> String {
                "["
                    + (first..<(first + 200)).map {
                        #"{"id":\#($0),"feed_id":\#(feed),"title":"Item \#($0)","unread":true,"marked":\#(starred),"updated":1700000000,"content":"\#(body)"}"#
                    }.joined(separator: ",") + "]"
            }
            switch op {
            case "login": return answer(#"{"session_id":"hostile","api_level":15}"#)
            case "getCategories", "getCounters": return answer("[]")
            case "getFeeds": return answer(feedList)
            case "getHeadlines":
                let feed = max(1, (object["feed_id"] as? Int) ?? 1)
                switch behaviour {
                case .ignoresSkip: return answer(page(1, feed: feed, starred: false))
                case .neverShort: return answer(page(serial * 200 + 1, feed: feed, starred: false))
                case .emptyPages: return answer("[]")
                case .starredAndUnread: return answer((object["skip"] as? Int ?? 0) == 0 ? page(1, feed: 1, starred: true) : "[]")
                case .heavy:
                    guard (object["feed_id"] as? Int ?? 0) > 0 else { return answer("[]") }
                    let skip = object["skip"] as? Int ?? 0, limit = object["limit"] as? Int ?? 200
                    let first = feed * 1_000_000 + skip
                    let count = max(0, min(limit, unreadPerFeed - skip))
                    return answer(
                        "["
                            + (first..<(first + count)).map {
                                #"{"id":\#($0),"feed_id":\#(feed),"title":"Item \#($0)","unread":true,"marked":false,"updated":1700000000,"content":"\#(body)"}"#
                            }.joined(separator: ",") + "]")
                }
            default: return answer("{}")
            }
        }
    }

    private let path: String

    public var url: URL { server.url(path + "/") }

    /// How many calls of `op` the server answered.
    public func count(_ op: String) -> Int { calls.count(op) }
}

/// A loopback Fever API that misbehaves: `since_id` pages that never end (50 items with ids
/// above the one asked for, always), or an `unread_item_ids` list of a given size.
public final class HostileFever: Sendable {
    public enum Behaviour: Sendable {
        /// Every `items&since_id=N` answers 50 items N+1…N+50.
        case endlessSinceID
        /// `unread_item_ids` is `"1,1,1,…"`, `bytes` long; every other list is empty.
        case repeatedUnreadIDs(bytes: Int)
        /// Not hostile: one feed titled `feed` with `items` unread items ("<feed> item <id>"),
        /// each answer after `delay` (servers that finish in another order than the config's).
        case honest(feed: String, items: Int, delay: Duration)
    }

    public let server: LoopbackServer
    private let calls = CallLog()

    public init(_ behaviour: Behaviour, on server: LoopbackServer? = nil, path: String = "") throws {
        self.server = try server ?? LoopbackServer()
        self.path = path
        let calls = calls
        let unread: Data
        if case .repeatedUnreadIDs(let bytes) = behaviour {
            var list = Data(#"{"api_version":3,"auth":1,"unread_item_ids":""#.utf8)
            let ones = max(1, bytes / 2)
            list.append(contentsOf: [UInt8](repeating: 0, count: ones * 2 - 1))
            list.withUnsafeMutableBytes { raw in
                let start = raw.count - (ones * 2 - 1)
                for index in 0..<(ones * 2 - 1) { raw[start + index] = index % 2 == 0 ? UInt8(ascii: "1") : UInt8(ascii: ",") }
            }
            list.append(contentsOf: Array(#""}"#.utf8))
            unread = list
        } else {
            unread = Data(#"{"api_version":3,"auth":1,"unread_item_ids":""}"#.utf8)
        }
        self.server.respond(path + "/fever/") { request in
            let query = request.query ?? ""
            let parts = query.split(separator: "&")
            let command = parts.count > 1 ? String(parts[1].split(separator: "=")[0]) : "mark"
            _ = calls.add(command)
            if case .honest(let feed, let count, let delay) = behaviour {
                var answer = HostileFever.honest(command, parts: parts, feed: feed, count: count)
                answer.delayBeforeHeaders = delay
                return answer
            }
            switch command {
            case "groups": return .json(#"{"api_version":3,"auth":1,"groups":[],"feeds_groups":[]}"#)
            case "feeds": return .json(#"{"api_version":3,"auth":1,"feeds":[{"id":1,"title":"Feed","url":"http://127.0.0.1/feed"}]}"#)
            case "unread_item_ids": return .bytes(unread, contentType: "application/json")
            case "saved_item_ids": return .json(#"{"api_version":3,"auth":1,"saved_item_ids":""}"#)
            case "items":
                let since = parts.first { $0.hasPrefix("since_id=") }.flatMap { Int($0.dropFirst(9)) } ?? 0
                let items = (since + 1...since + 50).map {
                    #"{"id":\#($0),"feed_id":1,"title":"Item \#($0)","html":"<p>x</p>","url":"http://127.0.0.1/\#($0)","is_read":0,"is_saved":0,"created_on_time":1700000000}"#
                }
                return .json(#"{"api_version":3,"auth":1,"items":[\#(items.joined(separator: ","))]}"#)
            default: return .json(#"{"api_version":3,"auth":1}"#)
            }
        }
    }

    private let path: String

    public var url: URL { server.url(path + "/fever/") }

    public func count(_ command: String) -> Int { calls.count(command) }

    private static func honest(_ command: String, parts: [Substring], feed: String, count: Int) -> ScriptedResponse {
        switch command {
        case "groups": return .json(#"{"api_version":3,"auth":1,"groups":[],"feeds_groups":[]}"#)
        case "feeds": return .json(#"{"api_version":3,"auth":1,"feeds":[{"id":1,"title":"\#(feed)","url":"http://127.0.0.1/feed"}]}"#)
        case "unread_item_ids":
            return .json(#"{"api_version":3,"auth":1,"unread_item_ids":"\#((1...count).map(String.init).joined(separator: ","))"}"#)
        case "saved_item_ids": return .json(#"{"api_version":3,"auth":1,"saved_item_ids":""}"#)
        case "items":
            let wanted = parts.first { $0.hasPrefix("with_ids=") }.map { $0.dropFirst(9).split(separator: ",").compactMap { Int($0) } } ?? []
            let items = wanted.filter { (1...count).contains($0) }.map {
                #"{"id":\#($0),"feed_id":1,"title":"\#(feed) item \#($0)","html":"<p>x</p>","url":"http://127.0.0.1/\#($0)","is_read":0,"is_saved":0,"created_on_time":\#(1_700_000_000 + $0)}"#
            }
            return .json(#"{"api_version":3,"auth":1,"items":[\#(items.joined(separator: ","))]}"#)
        default: return .json(#"{"api_version":3,"auth":1}"#)
        }
    }
}

/// Calls counted by name, from the server's connection threads.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var total = 0

    /// Counts a call; returns how many calls came before it.
    func add(_ name: String) -> Int {
        lock.withLock {
            counts[name, default: 0] += 1
            total += 1
            return total - 1
        }
    }

    func count(_ name: String) -> Int { lock.withLock { counts[name] ?? 0 } }
}
